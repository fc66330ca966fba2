//! Building a mid-game position from names: heroes by position with gems and blend, hand, deck from the top,
//! discard, bench, HP, rounds won, action meter, whose turn, which phase, whether it is a first turn. Seats `a` and
//! `b` are the two-player game; `c` … `f` make a free-for-all (MP-1), see `seats.rs`.
use super::seats;
use crate::cards::{CardDefId, CardKind, catalogue};
use crate::frames::{Frame, WindowKind};
use crate::ids::{CardId, Seat};
use crate::rng::MatchRng;
use crate::state::{Card, Hero, MatchState, Phase, PlayerState, TurnState};
use crate::table::Rules;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    pub active: Seat,
    /// `"play"` (default): the active player's play phase is open. `"start_of_turn"`: the active player's turn
    /// begins now, draw phase included.
    #[serde(default)]
    pub phase: Option<String>,
    /// Whether this is the active player's first turn (CR 200.9).
    #[serde(default)]
    pub first_turn: bool,
    /// Who went first; defaults to the active player on a first turn, otherwise to the other player.
    #[serde(default)]
    pub first_player: Option<Seat>,
    #[serde(default = "one")]
    pub round: u8,
    /// The turn number (`turn` in the view); default: turn 1 or 2 on a first turn, else the third lap (`seats.rs`).
    #[serde(default)]
    pub turn: Option<u32>,
    #[serde(default)]
    pub seed: u64,
    /// How many seats; optional, and when written it must be the number of players written (`a` … `f`, no gaps).
    #[serde(default)]
    pub seats: Option<usize>,
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    #[serde(default)]
    pub c: Option<PlayerSpec>,
    #[serde(default)]
    pub d: Option<PlayerSpec>,
    #[serde(default)]
    pub e: Option<PlayerSpec>,
    #[serde(default)]
    pub f: Option<PlayerSpec>,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub heroes: HeroesSpec,
    #[serde(default)]
    pub hand: Vec<String>,
    /// Top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    #[serde(default)]
    pub discard: Vec<String>,
    #[serde(default)]
    pub bench: Vec<String>,
    #[serde(default)]
    pub meter: Vec<String>,
    #[serde(default)]
    pub hp: Option<u16>,
    #[serde(default)]
    pub rounds_won: u8,
    #[serde(default)]
    pub allotted_gem_used: bool,
    #[serde(default)]
    pub attacked_this_turn: bool,
    #[serde(default)]
    pub mulliganed: bool,
    /// Free-for-all only: the place of a player already eliminated (MP-24); their zones stay as written.
    #[serde(default)]
    pub eliminated: Option<u8>,
    /// Free-for-all only: the HP marks this player has gone under (MP-20). Defaults to every mark above `hp`;
    /// written, it must include those and may add marks HP has risen back over (CR 613.4).
    #[serde(default)]
    pub meter_passed: Option<Vec<u16>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroesSpec {
    pub left: HeroSpec,
    pub center: HeroSpec,
    pub right: HeroSpec,
    pub back: HeroSpec,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroSpec {
    pub hero: String,
    #[serde(default)]
    pub gems: Vec<String>,
    #[serde(default)]
    pub blend: Option<String>,
    #[serde(default)]
    pub attached: Vec<String>,
}

struct Ids(u32);

impl Ids {
    fn card(&mut self, name: &str, kind: Option<CardKind>) -> Result<Card, String> {
        let def: CardDefId = catalogue().find(name).ok_or_else(|| format!("no card named {name:?}"))?;
        if let Some(kind) = kind
            && def.def().kind != kind
        {
            return Err(format!("{name} is not a {kind:?}"));
        }
        self.0 += 1;
        Ok(Card { id: CardId(self.0), def })
    }
    fn zone(&mut self, names: &[String], kind: Option<CardKind>) -> Result<Vec<Card>, String> {
        names.iter().map(|n| self.card(n, kind)).collect()
    }
}

fn player(spec: &PlayerSpec, rules: Rules, ids: &mut Ids) -> Result<PlayerState, String> {
    let h = &spec.heroes;
    let mut field = Vec::new();
    for s in [&h.left, &h.center, &h.right, &h.back] {
        let mut hero = Hero::new(ids.card(&s.hero, Some(CardKind::Hero))?);
        hero.face_down = false;
        hero.gems = ids.zone(&s.gems, Some(CardKind::Gem))?;
        hero.blend = s.blend.as_deref().map(|b| ids.card(b, Some(CardKind::Blend))).transpose()?;
        hero.attached = ids.zone(&s.attached, None)?;
        if !hero.attached.is_empty() {
            // CR 406.1: attached cards are part of the blend whose effect attached them.
            let blend = hero.blend.ok_or_else(|| format!("{}: attached cards need a blend (CR 406.1)", s.hero))?;
            hero.attached_by = Some(blend.def);
        }
        field.push(hero);
    }
    let heroes: [Hero; 4] = field.try_into().map_err(|_| "four heroes")?;
    let mut deck = ids.zone(&spec.deck, None)?;
    deck.reverse(); // written top first; the engine keeps the top at the end
    let mut p = PlayerState::new(heroes.clone().map(|h| h.card), ids.zone(&spec.bench, Some(CardKind::Hero))?, deck);
    p.field = heroes;
    p.hand = ids.zone(&spec.hand, None)?;
    p.discard = ids.zone(&spec.discard, None)?;
    p.meter = ids.zone(&spec.meter, Some(CardKind::Action))?;
    p.hp = spec.hp.unwrap_or(rules.starting_hp);
    p.meter_passed = seats::meter_passed(spec, p.hp, rules)?;
    p.rounds_won = spec.rounds_won;
    p.allotted_gem_used = spec.allotted_gem_used;
    p.attacked_this_turn = spec.attacked_this_turn;
    p.mulliganed = spec.mulliganed;
    Ok(p)
}

/// The state a position describes, with the active player's play phase open (or their turn about to begin), and
/// the events of getting there. Public so other crates' tests can start from a written position.
pub fn build(spec: &PositionSpec) -> Result<(MatchState, crate::event::Events), String> {
    let specs = seats::players(spec)?;
    let (mut table, rules) = seats::table(specs.len())?;
    seats::check_format(spec, &specs, rules)?;
    let mut ids = Ids(0);
    let mut players = specs.iter().map(|p| player(p, rules, &mut ids)).collect::<Result<Vec<_>, _>>()?;
    let active = spec.active;
    if active.index() >= specs.len() {
        return Err(format!("active = {active:?}, but the position has {} seats", specs.len()));
    }
    let first_player = match spec.first_player {
        Some(seat) if seat.index() >= specs.len() => {
            return Err(format!("first_player = {seat:?}, but the position has {} seats", specs.len()));
        }
        Some(seat) => seat,
        None if spec.first_turn => active,
        // Two seats: the other one, so the active player is second. More: seat A, whose turn opens each lap.
        None if specs.len() == 2 => table.standard_opponent(active),
        None => Seat::A,
    };
    let start_of_turn = match spec.phase.as_deref() {
        None | Some("play") => false,
        Some("start_of_turn") => true,
        Some(other) => {
            return Err(format!("unknown phase {other:?} (use \"play\" or \"start_of_turn\")"));
        }
    };
    if spec.first_turn && spec.round > 1 {
        return Err("first_turn is only for round 1: later rounds have no first turns (CR 206.3a)".into());
    }
    seats::eliminate(&specs, &mut table, &mut players)?;
    if !table.is_living(active) {
        return Err(format!("the active player {active:?} is eliminated (MP-26: an eliminated seat has no turn)"));
    }
    seats::check_turn(spec, &table, first_player)?;
    let number = seats::number_turns(spec, &table, first_player, start_of_turn, &mut players);
    for p in players.iter_mut() {
        if let Some(e) = &mut p.eliminated {
            e.turn = number.saturating_sub(1); // out before this turn; which turn exactly no rule reads
        }
    }
    let mut state = MatchState::new(
        table,
        players,
        TurnState {
            active,
            first_player,
            number,
            phase: Phase::Play,
            first_turns_over: spec.round > 1,
            round: spec.round,
            round_loser: None,
            additional_turns: [0; 6],
        },
        MatchRng::new(spec.seed),
        ids.0,
        first_player,
    );
    let mut ev = crate::event::Events::default();
    if start_of_turn {
        state.turn.number -= 1;
        crate::intents::turn::begin_turn(&mut state, active, &mut ev);
        crate::frames::drive(&mut state, &mut ev);
    } else {
        state.frames.push(Frame::Window { seat: active, kind: WindowKind::Main });
    }
    Ok((state, ev))
}
