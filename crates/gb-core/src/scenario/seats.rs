//! The seats of a `[position]`: which players are written (`a` … `f`, no gaps), which game that makes (two seats the
//! two-player game, three to six the free-for-all, MP-1), who is already out (MP-24), which meter marks each player
//! has passed (MP-20), and each seat's turns so far (MP-4: turns go left around the living seats).
use super::position::{PlayerSpec, PositionSpec};
use crate::ids::Seat;
use crate::state::{Elimination, EliminationReason, PlayerState};
use crate::table::{Rules, Table};

/// The players written, `a` onward; a gap (`d` without `c`) or a `seats` that disagrees is refused.
pub(super) fn players(spec: &PositionSpec) -> Result<Vec<&PlayerSpec>, String> {
    let mut players = vec![&spec.a, &spec.b];
    let rest = [&spec.c, &spec.d, &spec.e, &spec.f];
    let written = rest.iter().take_while(|p| p.is_some()).count();
    if let Some(gap) = rest.iter().skip(written).position(|p| p.is_some()) {
        let (missing, found) = (letter(2 + written), letter(2 + written + gap));
        return Err(format!(
            "position.{found} is written but position.{missing} is not: seats go a, b, c … without gaps"
        ));
    }
    players.extend(rest.iter().take(written).filter_map(|p| p.as_ref()));
    match spec.seats {
        Some(n) if n != players.len() => Err(format!(
            "seats = {n}, but {} players are written (position.a … position.{})",
            players.len(),
            letter(players.len() - 1)
        )),
        _ => Ok(players),
    }
}

fn letter(i: usize) -> char {
    (b'a' + i as u8) as char
}

pub(super) fn table(seats: usize) -> Result<(Table, Rules), String> {
    let table = Table::new(seats).map_err(|e| format!("a match has 2 to 6 seats, not {}", e.0))?;
    Ok((table, table.format().rules()))
}

/// What the free-for-all has not (MP-2: rounds; MP-7: the bench) and what only it has (places, meter marks).
pub(super) fn check_format(spec: &PositionSpec, players: &[&PlayerSpec], rules: Rules) -> Result<(), String> {
    if !rules.rounds && spec.round != 1 {
        return Err(format!("round = {}: a free-for-all has no rounds, its round is always 1 (MP-2)", spec.round));
    }
    for (i, p) in players.iter().enumerate() {
        let at = letter(i);
        let h = &p.heroes;
        let heroes = [&h.left.hero, &h.center.hero, &h.right.hero, &h.back.hero].into_iter().chain(&p.bench);
        let mut seen: Vec<String> = Vec::new();
        for name in heroes {
            // By catalogue entry, so a name and its slug are the same hero.
            let key = crate::cards::catalogue().find(name).map_or(name.to_lowercase(), |d| d.def().id.clone());
            if seen.contains(&key) {
                return Err(format!(
                    "position.{at}: {name} is written twice among the heroes and bench; a player has one copy of each \
                     hero (CR 101.2)"
                ));
            }
            seen.push(key);
        }
        if !rules.rounds && p.rounds_won != 0 {
            return Err(format!("position.{at}.rounds_won: a free-for-all has no rounds (MP-2)"));
        }
        if !rules.bench_used && !p.bench.is_empty() {
            return Err(format!("position.{at}.bench: a free-for-all never uses the bench (MP-7)"));
        }
        if rules.meter_thresholds.is_empty() && (p.eliminated.is_some() || p.meter_passed.is_some()) {
            return Err(format!(
                "position.{at}: eliminated and meter_passed are for a free-for-all (three or more seats, MP-1)"
            ));
        }
    }
    Ok(())
}

/// The marks passed as the bits of `PlayerState::meter_passed` (bit `i` for `Rules::meter_thresholds[i]`).
pub(super) fn meter_passed(spec: &PlayerSpec, hp: u16, rules: Rules) -> Result<u8, String> {
    let marks = rules.meter_thresholds;
    // A real game under a mark has gone under it (MP-20): those are passed whatever is written.
    let under: u8 = marks.iter().enumerate().filter(|(_, t)| hp < **t).fold(0, |bits, (i, _)| bits | 1 << i);
    let Some(written) = &spec.meter_passed else { return Ok(under) };
    let mut bits = 0;
    for mark in written {
        let i = marks
            .iter()
            .position(|t| t == mark)
            .ok_or_else(|| format!("meter_passed: {mark} is not a mark ({marks:?}, MP-20)"))?;
        bits |= 1 << i;
    }
    if bits & under != under {
        return Err(format!(
            "meter_passed = {written:?}, but a player at {hp} HP has gone under every mark above it (MP-20)"
        ));
    }
    Ok(bits)
}

/// Takes the eliminated players out of the table, last place first; their places must be the bottom ones, each
/// once (MP-24: the first of four out is 4th), and at least two players must be left (MP-30).
pub(super) fn eliminate(specs: &[&PlayerSpec], table: &mut Table, players: &mut [PlayerState]) -> Result<(), String> {
    let mut out: Vec<(u8, Seat)> = specs
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.eliminated.map(|place| (place, Seat::from_index(i).expect("at most six seats"))))
        .collect();
    out.sort_by(|x, y| y.cmp(x));
    for &(place, seat) in &out {
        // The next one out takes the number of players living just before as its place.
        let living = table.seats().count();
        if place as usize != living || living <= 2 {
            return Err(format!(
                "eliminated places must be {}, {} … for the players out, each once, leaving two or more living \
                 (MP-24, MP-30): {seat:?} has {place}",
                table.seat_count(),
                table.seat_count() - 1
            ));
        }
        table.eliminate(seat);
        players[seat.index()].eliminated = Some(Elimination { place, turn: 0, reason: EliminationReason::Hp });
    }
    Ok(())
}

/// The turn number of the position, with each living seat's turns so far: turns go left from the first player
/// around the living seats (MP-4), so a first turn is turn `rank + 1` and any other position is in the third lap,
/// turn `2 × living + rank + 1`, so each player has had two turns ("since your last turn" is defined). Two seats
/// give turns 1, 2 and 5, 6 as the two-player game always did (the first player's turns are the odd ones).
/// A written `turn` must be one the active player could be taking (MP-4, CR 200.8: turns go around the living
/// seats from the first player), a first turn exactly when `first_turn` says so (CR 200.9).
pub(super) fn check_turn(spec: &PositionSpec, table: &Table, first_player: Seat) -> Result<(), String> {
    let Some(turn) = spec.turn else { return Ok(()) };
    let order: Vec<Seat> = table.from(first_player).collect();
    let living = order.len() as u32;
    let rank = order.iter().position(|s| *s == spec.active).expect("the active player is living") as u32;
    if turn == 0 || (turn - 1) % living != rank {
        return Err(format!(
            "turn = {turn}: with first player {first_player:?} and {living} players taking turns in order, {:?}'s \
             turns are {}, {}, {} … (CR 200.8, MP-4)",
            spec.active,
            rank + 1,
            rank + 1 + living,
            rank + 1 + 2 * living
        ));
    }
    if spec.first_turn != (turn <= living) {
        return Err(format!(
            "turn = {turn} {} a first turn, but first_turn = {} (CR 200.9)",
            if turn <= living { "is" } else { "is not" },
            spec.first_turn
        ));
    }
    Ok(())
}

pub(super) fn number_turns(
    spec: &PositionSpec,
    table: &Table,
    first_player: Seat,
    start_of_turn: bool,
    players: &mut [PlayerState],
) -> u32 {
    let order: Vec<Seat> = table.from(first_player).collect();
    let living = order.len() as u32;
    let rank = |seat: Seat| order.iter().position(|s| *s == seat).expect("a living seat") as u32;
    let active = spec.active;
    let number = match spec.turn {
        Some(turn) => turn,
        None if spec.first_turn => rank(active) + 1,
        None => 2 * living + rank(active) + 1,
    };
    for &seat in &order {
        let r = rank(seat);
        // This seat's turns up to `number`, newest first.
        let mut turns = (1..=number).rev().filter(|t| (t - 1) % living == r);
        let p = &mut players[seat.index()];
        p.turns_started = (1..=number).filter(|t| (t - 1) % living == r).count() as u32;
        p.current_turn = turns.next().unwrap_or(0);
        p.previous_turn = turns.next().unwrap_or(0);
        if start_of_turn && seat == active {
            // begin_turn counts this turn in again.
            p.turns_started -= 1;
            p.current_turn = p.previous_turn;
        }
    }
    number
}
