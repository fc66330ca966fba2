//! Standings with the MTR Appendix C tiebreakers: match points (3/1/0), then opponents' match-win %, game-win %,
//! opponents' game-win %, each percentage at least 0.33; exact fractions, rounded only for display. Then a random
//! order inside a complete tie, drawn from the tournament's seed (FAB GEM: "randomized within the tie").
//!
//! Only Swiss rounds count (a playoff decides its own places). A bye is a match won 2–0 (1–0 in best of one) that
//! counts in the receiver's own percentages and is never an opponent; a dropped player keeps the rounds played.
use crate::fraction::Fraction;
use crate::ledger::{Ledger, Slot};
use crate::outcome::MatchOutcome;
use crate::tournament::{PlayerId, Tournament};
use crate::{TournamentError, rng};
use serde::Serialize;

/// The MTR floor for every percentage: 0.33 exactly, not one third.
pub const FLOOR: Fraction = Fraction::new_const(33, 100);

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standings {
    /// Swiss rounds counted.
    pub rounds: u32,
    pub players: Vec<Standing>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Standing {
    pub rank: u32,
    pub player: PlayerId,
    pub name: String,
    pub match_points: u32,
    /// Matches won, lost, drawn (a bye is a win).
    pub record: Record,
    /// Games won, lost, drawn (a bye is two won games in best of three).
    pub games: Record,
    /// Each percentage is an exact fraction, serialized `"num/den"`.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub omw: Fraction,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub gw: Fraction,
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub ogw: Fraction,
    /// This player's own match-win %, floored: what they contribute to their opponents' OMW%.
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub mw: Fraction,
    /// Still in the event for the next round (not dropped or disqualified).
    pub active: bool,
    /// Byes received (each a match won, never an opponent).
    pub byes: u32,
    /// The opponents faced in the counted rounds, in round order (a rematch appears twice).
    pub opponents: Vec<PlayerId>,
    /// A computer player (`Player::computer`), never a person; left out for people.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub computer: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Record {
    pub won: u32,
    pub lost: u32,
    pub drawn: u32,
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}-{}", self.won, self.lost, self.drawn)
    }
}

#[derive(Default, Clone)]
struct Tally {
    match_points: u32,
    rounds: u32,
    record: Record,
    games: Record,
    opponents: Vec<usize>,
    byes: u32,
}

impl Tally {
    /// MW% = MP / (3 × rounds played), at least 0.33.
    fn mw(&self) -> Fraction {
        if self.rounds == 0 {
            FLOOR
        } else {
            Fraction::new(self.match_points.into(), 3 * u128::from(self.rounds)).max(FLOOR)
        }
    }

    /// GW% = game points / (3 × games played), at least 0.33 (a drawn game is worth 1 game point).
    fn gw(&self) -> Fraction {
        let played = self.games.won + self.games.lost + self.games.drawn;
        let points = 3 * self.games.won + self.games.drawn;
        if played == 0 { FLOOR } else { Fraction::new(points.into(), 3 * u128::from(played)).max(FLOOR) }
    }
}

pub fn standings(t: &Tournament) -> Result<Standings, TournamentError> {
    let ledger = Ledger::build(t)?;
    Ok(standings_of(&ledger))
}

pub(crate) fn standings_of(ledger: &Ledger<'_>) -> Standings {
    let n = ledger.t.players.len();
    let mut tally = vec![Tally::default(); n];
    let counted: Vec<&Vec<Slot>> =
        ledger.rounds.iter().enumerate().filter(|(r, _)| !ledger.is_playoff(*r as u32 + 1)).map(|(_, s)| s).collect();
    for slot in counted.iter().flat_map(|r| r.iter()) {
        match *slot {
            Slot::Bye(p) => {
                let t = &mut tally[p];
                t.match_points += 3;
                t.rounds += 1;
                t.record.won += 1;
                t.byes += 1;
                t.games.won += ledger.wins_needed;
            }
            Slot::Match { players, score, .. } => {
                if score.outcome == MatchOutcome::Pending {
                    continue;
                }
                for seat in 0..2 {
                    let t = &mut tally[players[seat]];
                    t.rounds += 1;
                    t.opponents.push(players[1 - seat]);
                    t.games.won += score.wins[seat];
                    t.games.lost += score.games_lost(seat, ledger.wins_needed);
                    t.games.drawn += score.drawn;
                    match score.outcome {
                        MatchOutcome::Won(w) if w == seat => {
                            t.match_points += 3;
                            t.record.won += 1;
                        }
                        MatchOutcome::Drawn => {
                            t.match_points += 1;
                            t.record.drawn += 1;
                        }
                        _ => t.record.lost += 1,
                    }
                }
            }
        }
    }
    let mw: Vec<Fraction> = tally.iter().map(Tally::mw).collect();
    let gw: Vec<Fraction> = tally.iter().map(Tally::gw).collect();
    // No opponent yet (only byes, or no round played): nothing to average, so 0, below any real value.
    let mean_over =
        |p: usize, of: &[Fraction]| Fraction::mean(tally[p].opponents.iter().map(|&o| of[o])).unwrap_or(Fraction::ZERO);
    let next_round = ledger.rounds.len() + 1;
    let lottery = rng::tie_order(ledger.t.seed, n);
    let mut rows: Vec<(Standing, u32)> = (0..n)
        .filter(|&p| tally[p].rounds > 0 || ledger.active[p][next_round - 1])
        .map(|p| {
            let player = &ledger.t.players[p];
            let row = Standing {
                rank: 0,
                player: player.id.clone(),
                name: player.name.clone(),
                match_points: tally[p].match_points,
                record: tally[p].record,
                games: tally[p].games,
                omw: mean_over(p, &mw),
                gw: gw[p],
                ogw: mean_over(p, &gw),
                mw: mw[p],
                active: ledger.active[p][next_round - 1],
                byes: tally[p].byes,
                opponents: tally[p].opponents.iter().map(|&o| ledger.t.players[o].id.clone()).collect(),
                computer: player.computer,
            };
            (row, lottery[p])
        })
        .collect();
    rows.sort_by(|(a, la), (b, lb)| {
        (b.match_points, b.omw, b.gw, b.ogw).cmp(&(a.match_points, a.omw, a.gw, a.ogw)).then(la.cmp(lb))
    });
    let players = rows
        .into_iter()
        .enumerate()
        .map(|(i, (mut row, _))| {
            row.rank = i as u32 + 1;
            row
        })
        .collect();
    Standings { rounds: counted.len() as u32, players }
}

impl Standings {
    /// CSV with a header; percentages both rounded (4 places) and exact; the opponents by name, `;`-separated.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(
            "rank,player,name,match_points,record,games,omw,gw,ogw,omw_exact,gw_exact,ogw_exact,active,mw,mw_exact,\
             byes,opponents\n",
        );
        let name = |id: &PlayerId| -> String {
            self.players.iter().find(|p| &p.player == id).map_or_else(|| id.clone(), |p| p.name.clone())
        };
        for s in &self.players {
            let opponents: Vec<String> = s.opponents.iter().map(name).collect();
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                s.rank,
                csv_field(&s.player),
                csv_field(&s.name),
                s.match_points,
                s.record,
                s.games,
                s.omw.decimal(4),
                s.gw.decimal(4),
                s.ogw.decimal(4),
                s.omw,
                s.gw,
                s.ogw,
                s.active,
                s.mw.decimal(4),
                s.mw,
                s.byes,
                csv_field(&opponents.join("; "))
            ));
        }
        out
    }
}

/// RFC 4180 quoting, and a leading `'` before `=`, `+`, `-`, `@` so a spreadsheet never runs a name as a formula.
fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
}
