//! The tournament file checked and indexed: players by number, who is in each round, every table's effective
//! result (corrections applied) and which rounds are Swiss. Everything else reads a `Ledger`, never the raw file.
use crate::error::TournamentError;
use crate::outcome::{MatchOutcome, MatchScore, score};
use crate::tournament::*;
use std::collections::HashMap;

/// Rounds an event may have; keeps every tiebreak fraction exact in `u128` (see `Fraction::add`).
pub const MAX_ROUNDS: usize = 40;

#[derive(Clone, Debug)]
pub(crate) enum Slot {
    Bye(usize),
    Match { table: u32, players: [usize; 2], score: MatchScore },
}

#[derive(Debug)]
pub(crate) struct Ledger<'t> {
    pub t: &'t Tournament,
    pub index: HashMap<&'t str, usize>,
    /// `active[p][r - 1]`: may player `p` be paired in round `r` (1-based), for `r` up to one past the last round.
    pub active: Vec<Vec<bool>>,
    pub rounds: Vec<Vec<Slot>>,
    /// Swiss rounds, once known (fixed, or `auto` once round 1 exists).
    pub swiss_rounds: Option<u32>,
    pub wins_needed: u32,
}

fn err(path: impl Into<String>, message: impl Into<String>) -> TournamentError {
    TournamentError { path: path.into(), message: message.into() }
}

impl<'t> Ledger<'t> {
    pub(crate) fn build(t: &'t Tournament) -> Result<Ledger<'t>, TournamentError> {
        check_settings(t)?;
        let mut index = HashMap::new();
        for (i, p) in t.players.iter().enumerate() {
            if p.id.is_empty() {
                return Err(err(format!("players[{i}].id"), "is empty"));
            }
            if index.insert(p.id.as_str(), i).is_some() {
                return Err(err(format!("players[{i}].id"), format!("\"{}\" is registered twice", p.id)));
            }
            if p.entered_round == 0 {
                return Err(err(format!("players[{i}].entered_round"), "rounds are numbered from 1"));
            }
        }
        let horizon = t.rounds.len() + 1;
        if t.rounds.len() > MAX_ROUNDS {
            return Err(err("rounds", format!("{} rounds; an event has at most {MAX_ROUNDS}", t.rounds.len())));
        }
        let mut ledger = Ledger {
            t,
            active: roster(t, &index, horizon)?,
            index,
            rounds: Vec::new(),
            swiss_rounds: None,
            wins_needed: u32::from(t.settings.games_per_match / 2 + 1),
        };
        ledger.swiss_rounds = match t.settings.structure {
            Structure::Swiss { rounds: SwissRounds::Fixed(n), .. } => Some(u32::from(n)),
            Structure::Swiss { rounds: SwissRounds::Auto(_), .. } if !t.rounds.is_empty() => {
                Some(crate::swiss_rounds_for(ledger.active_count(1)))
            }
            Structure::Swiss { .. } => None,
            Structure::SingleElimination => Some(0),
        };
        for (r, round) in t.rounds.iter().enumerate() {
            let slots = ledger.compile_round(r as u32 + 1, round)?;
            ledger.rounds.push(slots);
            ledger.disqualify_after(r, round);
        }
        ledger.apply_corrections()?;
        Ok(ledger)
    }

    pub(crate) fn player(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    pub(crate) fn active_count(&self, round: u32) -> usize {
        self.active.iter().filter(|a| a[round as usize - 1]).count()
    }

    pub(crate) fn is_playoff(&self, round: u32) -> bool {
        self.swiss_rounds.is_some_and(|s| round > s)
    }

    fn compile_round(&self, number: u32, round: &Round) -> Result<Vec<Slot>, TournamentError> {
        let mut seen = vec![false; self.t.players.len()];
        let mut tables = Vec::new();
        let mut slots = Vec::new();
        for (i, pairing) in round.pairings.iter().enumerate() {
            let path = format!("rounds[{}].pairings[{i}]", number - 1);
            let ids: Vec<&String> = match pairing {
                Pairing::Bye(b) => vec![&b.bye],
                Pairing::Table(t) => t.players.iter().collect(),
            };
            let mut seats = [0usize; 2];
            for (k, id) in ids.iter().enumerate() {
                let p = self.player(id).ok_or_else(|| err(&path, format!("\"{id}\" is not a registered player")))?;
                if std::mem::replace(&mut seen[p], true) {
                    return Err(err(&path, format!("\"{id}\" is paired twice in round {number}")));
                }
                if !self.active[p][number as usize - 1] {
                    return Err(err(
                        &path,
                        format!(
                            "\"{id}\" is not in the tournament in round {number} (not yet entered, dropped or disqualified)"
                        ),
                    ));
                }
                seats[k] = p;
            }
            slots.push(match pairing {
                Pairing::Bye(_) => Slot::Bye(seats[0]),
                Pairing::Table(t) => {
                    if tables.contains(&t.table) {
                        return Err(err(
                            format!("{path}.table"),
                            format!("table {} appears twice in round {number}", t.table),
                        ));
                    }
                    tables.push(t.table);
                    let score = self.check_result(&path, number, &t.players, &t.result)?;
                    Slot::Match { table: t.table, players: seats, score }
                }
            });
        }
        Ok(slots)
    }

    fn check_result(
        &self,
        path: &str,
        round: u32,
        players: &[String; 2],
        result: &TableResult,
    ) -> Result<MatchScore, TournamentError> {
        let named = |field: String, id: &str| {
            if players.iter().any(|p| p == id) {
                Ok(())
            } else {
                Err(err(
                    format!("{path}.{field}"),
                    format!("\"{id}\" is not one of this table's players ({}, {})", players[0], players[1]),
                ))
            }
        };
        if players[0] == players[1] {
            return Err(err(format!("{path}.players"), "a player cannot be paired against themself"));
        }
        let mut wins = [0u32; 2];
        for (g, game) in result.games.iter().enumerate() {
            if wins.iter().any(|&w| w >= self.wins_needed) {
                return Err(err(
                    format!("{path}.games[{g}]"),
                    format!("the match was already won ({}-{})", wins[0], wins[1]),
                ));
            }
            match game {
                Game::Win { winner, .. } => {
                    named(format!("games[{g}].winner"), winner)?;
                    wins[usize::from(*winner == players[1])] += 1;
                }
                Game::GameLoss { player, .. } => {
                    named(format!("games[{g}].player"), player)?;
                    wins[usize::from(*player == players[0])] += 1;
                }
                Game::Unfinished if g + 1 != result.games.len() => {
                    return Err(err(
                        format!("{path}.games[{g}]"),
                        "no game starts after time: an unfinished game is the match's last (MTR 2.4)",
                    ));
                }
                Game::Draw | Game::Unfinished => {}
            }
        }
        if result.games.len() > 9 {
            return Err(err(format!("{path}.games"), "more than 9 games at one table"));
        }
        if let Some(MatchEnd::ConcededBy(p)) = &result.end {
            named("end.conceded_by".into(), p)?;
        }
        for (j, action) in result.judge.iter().enumerate() {
            if let JudgeAction::MatchLoss { player, .. }
            | JudgeAction::Disqualification { player, .. }
            | JudgeAction::Warning { player, .. } = action
            {
                named(format!("judge[{j}].player"), player)?;
            }
        }
        let scored = score(players, result, self.wins_needed);
        // A double match loss (both no-shows, both disqualified) is no draw: both are out, and the bracket gives
        // the next round's opponent a bye (docs/tournaments.md, "Top cut").
        if self.is_playoff(round) && scored.outcome == MatchOutcome::Drawn {
            return Err(err(
                path,
                "a playoff match has no draws: record the game decided by the end-of-round rule (rounds won, then HP, then sudden death)",
            ));
        }
        Ok(scored)
    }

    fn apply_corrections(&mut self) -> Result<(), TournamentError> {
        for (i, c) in self.t.corrections.iter().enumerate() {
            let path = format!("corrections[{i}]");
            let slot = (c.round as usize).checked_sub(1).and_then(|r| self.t.rounds.get(r)).and_then(|round| {
                round.pairings.iter().position(|p| matches!(p, Pairing::Table(t) if t.table == c.table))
            });
            let Some(at) = slot else {
                return Err(err(&path, format!("round {} has no table {}", c.round, c.table)));
            };
            let Pairing::Table(table) = &self.t.rounds[c.round as usize - 1].pairings[at] else { unreachable!() };
            if c.reason.trim().is_empty() {
                return Err(err(format!("{path}.reason"), "every correction says why (it is the audit log)"));
            }
            let score = self.check_result(&path, c.round, &table.players, &c.result)?;
            if let Slot::Match { score: s, .. } = &mut self.rounds[c.round as usize - 1][at] {
                *s = score;
            }
        }
        Ok(())
    }

    /// A disqualification at a table in round `r + 1` also removes the player from every later round.
    fn disqualify_after(&mut self, r: usize, round: &Round) {
        for pairing in &round.pairings {
            let Pairing::Table(t) = pairing else { continue };
            for action in &t.result.judge {
                if let JudgeAction::Disqualification { player, .. } = action {
                    let p = self.index[player.as_str()];
                    self.active[p][r + 1..].fill(false);
                }
            }
        }
    }
}

fn check_settings(t: &Tournament) -> Result<(), TournamentError> {
    if t.format != TOURNAMENT_FORMAT {
        return Err(err("format", format!("\"{}\" is not \"{TOURNAMENT_FORMAT}\"", t.format)));
    }
    let s = &t.settings;
    if !matches!(s.games_per_match, 1 | 3) {
        return Err(err("settings.games_per_match", format!("{} (a match is 1 game or best of 3)", s.games_per_match)));
    }
    if let Structure::Swiss { rounds, top_cut } = s.structure {
        if let SwissRounds::Fixed(n) = rounds
            && !(1..=MAX_ROUNDS as u8).contains(&n)
        {
            return Err(err("settings.structure.rounds", format!("{n} (1 to {MAX_ROUNDS}, or \"auto\")")));
        }
        if let Some(cut) = top_cut
            && !matches!(cut, 2 | 4 | 8)
        {
            return Err(err("settings.structure.top_cut", format!("{cut} (a top cut is 2, 4 or 8)")));
        }
    }
    if s.round_minutes == 0 {
        return Err(err("settings.round_minutes", "a round lasts at least one minute"));
    }
    if s.round_seconds == Some(0) {
        return Err(err("settings.round_seconds", "a round lasts at least one second"));
    }
    Ok(())
}

/// Who may be paired in each round up to `horizon`: entered by then, and not dropped or disqualified since.
fn roster(t: &Tournament, index: &HashMap<&str, usize>, horizon: usize) -> Result<Vec<Vec<bool>>, TournamentError> {
    let mut changes: Vec<(usize, &RosterChange)> = t.roster.iter().enumerate().collect();
    changes.sort_by_key(|(i, c)| (c.before_round, *i));
    let mut active: Vec<Vec<bool>> =
        t.players.iter().map(|p| (1..=horizon).map(|r| r as u32 >= p.entered_round).collect()).collect();
    let mut disqualified = vec![false; t.players.len()];
    let mut dropped = vec![false; t.players.len()];
    for (i, c) in changes {
        let path = format!("roster[{i}]");
        let p = *index
            .get(c.player.as_str())
            .ok_or_else(|| err(format!("{path}.player"), format!("\"{}\" is not a registered player", c.player)))?;
        if c.before_round == 0 || c.before_round as usize > horizon {
            return Err(err(
                format!("{path}.before_round"),
                format!("{} (rounds 1 to {horizon} so far)", c.before_round),
            ));
        }
        if disqualified[p] {
            return Err(err(&path, format!("\"{}\" was disqualified; nothing changes that", c.player)));
        }
        match c.change {
            RosterChangeKind::Drop | RosterChangeKind::Disqualify if dropped[p] => {
                return Err(err(&path, format!("\"{}\" has already dropped", c.player)));
            }
            RosterChangeKind::Readd if !dropped[p] => {
                return Err(err(&path, format!("\"{}\" is not dropped, so cannot be re-added", c.player)));
            }
            RosterChangeKind::Drop | RosterChangeKind::Disqualify => {
                dropped[p] = true;
                disqualified[p] = c.change == RosterChangeKind::Disqualify;
            }
            RosterChangeKind::Readd => dropped[p] = false,
        }
        let from = c.before_round as usize - 1;
        let entered = t.players[p].entered_round as usize;
        for (r, a) in active[p].iter_mut().enumerate().skip(from) {
            *a = !dropped[p] && r + 1 >= entered;
        }
    }
    Ok(active)
}
