//! The free-for-all's end of a hit and of a player (`docs/multiplayer-rulings.md` MP-20 … MP-30): the action meter
//! empties under 30 and under 15 HP, a player at 0 HP (or who concedes) is eliminated, their unfinished work is
//! dropped, their turn ends without an end phase, and the last player left wins. The two-player game never comes
//! here (`MatchState::damage` branches once on the format).
use super::{EndReason, MatchState, Phase};
use crate::effects::Until;
use crate::event::{CardView, Event, Events};
use crate::frames::{EndStage, Frame, SetupStage};
use crate::ids::Seat;

/// Why a player left a free-for-all (MP-23, MP-29).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EliminationReason {
    /// Their HP reached 0 (MP-23).
    Hp,
    /// They conceded, or their room conceded for them when their clock ran out (MP-29, MP-19).
    Concession,
    /// The engine's step budget ran out during their turn: a loop that never ends is decided against the active
    /// player, as in the two-player game.
    StepBudget,
}

impl EliminationReason {
    /// How the match ends when this elimination leaves one player (MP-30: why the last opponent left).
    fn ending(self) -> EndReason {
        match self {
            EliminationReason::Hp => EndReason::LastStanding,
            EliminationReason::Concession => EndReason::Concession,
            EliminationReason::StepBudget => EndReason::StepBudget,
        }
    }
}

/// A player's elimination, kept on the player and shown in every view (MP-24, MP-33).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Elimination {
    /// The number of players living just before: the first of four out is 4th (MP-24).
    pub place: u8,
    /// The turn it happened in (0 during setup).
    pub turn: u32,
    pub reason: EliminationReason,
}

impl MatchState {
    /// `damage` in the free-for-all: the HP, then the meter thresholds it went under (MP-20), then elimination at 0
    /// (MP-23). An eliminated player takes nothing more (MP-25), and nothing happens once the match is over (MP-28).
    pub(super) fn free_for_all_damage(&mut self, seat: Seat, amount: u16, attack: bool, ev: &mut Events) {
        if !self.table.is_living(seat) || self.is_over() {
            return;
        }
        let (before, hp) = self.lose_hp(seat, amount, attack, ev);
        self.pass_meter_thresholds(seat, before, hp, ev);
        if hp == 0 {
            self.eliminate(seat, EliminationReason::Hp, ev);
        }
    }

    /// MP-20, MP-22: each threshold of `Rules::meter_thresholds` the seat's HP went from at or above to under, for
    /// the first time this match, is marked passed; if any was, the seat's own meter empties into its discard once
    /// (fresh handles, CR 206.3's step 2 between rounds), `below` naming the lowest. At 0 HP the marks are made but
    /// the cards stay: the player is eliminated at once and their cards stay where they are (MP-20, MP-24).
    fn pass_meter_thresholds(&mut self, seat: Seat, before: u16, hp: u16, ev: &mut Events) {
        let thresholds = self.table.format().rules().meter_thresholds;
        let p = self.player_mut(seat);
        let mut below = None;
        for (i, &t) in thresholds.iter().enumerate() {
            // "Exactly 30 or 15 is not under" (RULINGS.md); HP that rose back over a passed mark empties nothing.
            if p.meter_passed & (1 << i) == 0 && before >= t && hp < t {
                p.meter_passed |= 1 << i;
                below = Some(below.map_or(t, |b: u16| b.min(t)));
            }
        }
        let Some(below) = below else { return };
        if hp == 0 || p.meter.is_empty() {
            return;
        }
        let meter = std::mem::take(&mut p.meter);
        let cards = meter
            .into_iter()
            .map(|card| {
                let card = self.fresh(card.def);
                self.player_mut(seat).discard.push(card);
                CardView::from(card)
            })
            .collect();
        ev.push(Event::MeterEmptied { seat, below, cards });
    }

    /// Takes `seat` out of the free-for-all (MP-23 … MP-30): its place and `Eliminated`; its unfinished work dropped
    /// (MP-25); the match won when one player is left (MP-30); otherwise its own turn ends at once with no end phase
    /// (MP-26) and anyone else's goes on (MP-27). Its cards stay where they are (MP-24). Nothing for a seat already
    /// out or a match already over.
    pub(crate) fn eliminate(&mut self, seat: Seat, reason: EliminationReason, ev: &mut Events) {
        if self.is_over() || !self.table.is_living(seat) {
            return;
        }
        let in_setup = self.turn.phase == Phase::Setup;
        // Its rank in the mulligan order, read before the circle closes over it (see `leave_setup`).
        let rank = self.table.from(self.turn.first_player).position(|s| s == seat);
        let place = self.table.eliminate(seat).expect("living");
        self.player_mut(seat).eliminated = Some(Elimination { place, turn: self.turn.number, reason });
        ev.push(Event::Eliminated { seat, place, reason });
        self.purge(seat);
        let mut living = self.table.seats();
        if living.len() == 1 {
            let last = living.next().expect("one seat left");
            return self.finish(last, reason.ending(), ev);
        }
        if in_setup {
            self.leave_setup(seat, rank.unwrap_or(usize::MAX));
        } else if seat == self.turn.active {
            // MP-26: whatever was unfinished in the turn goes, there is no end phase, and the left opponent's turn
            // begins (`EndStage::NextTurn` from the eliminated seat: `left_of` closes the circle over it).
            self.drop_frames(|_| true);
            self.triggers.clear();
            self.frames.push(Frame::EndPhase(EndStage::NextTurn));
        }
    }

    /// MP-25: the eliminated seat's waiting triggers, its questions and windows, its effects, actions and attack,
    /// and an input frame that waited on any of those; a blend of its waiting to become active goes to its discard;
    /// "until your next turn" durations it created end now. Other players' effects go on, skipping any question
    /// to it (`effects::resolve::step`).
    fn purge(&mut self, seat: Seat) {
        self.triggers.retain(|t| t.controller != seat);
        for frame in &mut self.frames {
            if let Frame::Triggers(batch) = frame {
                batch.drop_controller(seat);
            }
        }
        // Input frames sit on top of the work they answer (a response window on an action, a question on an
        // effect): when that work goes, so does its question.
        let mut below_dropped = false;
        self.drop_frames(|frame| {
            let input = frame.owed_by().is_some();
            let drop = frame.belongs_to(seat) || (input && below_dropped);
            below_dropped = drop && !input;
            drop
        });
        self.alterations.retain(|a| a.until != Until::NextTurnOf(seat));
        // An additional turn it was owed (CR 206.1g) is never taken.
        if let Some(turns) = self.turn.additional_turns.get_mut(seat.index()) {
            *turns = 0;
        }
    }

    /// A seat leaving before the first turn (MP-29: conceding at any time): the first player's place passes to
    /// the seat at its left (turn order closes over it as MP-26 closes a turn), and the mulligan still to ask
    /// (CR 200.6, MP-5: the `i`-th seat in turn order) counts one seat fewer if the leaver was before it.
    fn leave_setup(&mut self, seat: Seat, rank: usize) {
        if seat == self.turn.first_player {
            let next = self.table.left_of(seat);
            self.turn.first_player = next;
            self.turn.active = next;
        }
        let living = self.table.seats().len();
        for frame in &mut self.frames {
            if let Frame::Setup(SetupStage::Mulligan(i)) = frame {
                let next = if rank < *i as usize { *i - 1 } else { *i };
                *frame = Frame::Setup(if (next as usize) < living {
                    SetupStage::Mulligan(next)
                } else {
                    SetupStage::Reveal
                });
            }
        }
    }

    /// The finishing order of a free-for-all once it is over (MP-30): the winner, then the others by place (2nd,
    /// 3rd, …). `None` in the two-player game and while the match goes on.
    pub fn places(&self) -> Option<Vec<Seat>> {
        let outcome = self.outcome.filter(|_| self.table.format() == crate::table::Format::FreeForAll)?;
        let mut out: Vec<(u8, Seat)> = crate::ids::Seat::ALL[..self.table.seat_count()]
            .iter()
            .filter_map(|&s| self.player(s).eliminated.map(|e| (e.place, s)))
            .collect();
        out.sort();
        Some(std::iter::once(outcome.winner).chain(out.into_iter().map(|(_, s)| s)).collect())
    }
}
