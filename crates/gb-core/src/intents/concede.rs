//! Conceding (CR 102.2): at any time, whoever owes the next decision; never only a round (CR 206.1e).
use crate::effects::field::LazyField;
use crate::event::{Event, Events};
use crate::ids::Seat;
use crate::intents::Kind;
use crate::rejection::Rejection;
use crate::state::{EliminationReason, EndReason, MatchState};
use crate::table::Format;

/// CR 102.2: concede the game.
pub(crate) struct Concede;

/// A living seat of a game not over may always concede.
pub(crate) struct MayConcede(());

impl Kind for Concede {
    type Checked = MayConcede;
    const ANY_TIME: bool = true;
    fn check(self, _: &MatchState, _: Seat, _: &LazyField) -> Result<MayConcede, Rejection> {
        Ok(MayConcede(()))
    }
    fn apply(_: MayConcede, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        ev.push(Event::Conceded { seat });
        match state.table.format() {
            // CR 102.2: the other player wins.
            Format::Standard => {
                let winner = state.table.standard_opponent(seat);
                state.finish(winner, EndReason::Concession, ev);
            }
            // MP-29: the seat is eliminated and the others play on.
            Format::FreeForAll => state.eliminate(seat, EliminationReason::Concession, ev),
        }
    }
}
