//! A judge's view of a tournament table (docs/tournaments.md, "Judge view"): the whole state, nothing hidden —
//! every hand, bench and face-down hero as its owner sees it, and every deck in order, which not even its owner
//! sees (CR 403.2b). Only the server's judge-view route builds it, for an event's organizer and appointed
//! judges ruling on a dispute; it is no [`crate::Viewer`], so no room stream can ever carry it.
use super::{MatchView, view_for};
use crate::event::CardView;
use crate::ids::{Seat, Viewer};
use crate::state::MatchState;
use serde::Serialize;

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JudgeView {
    /// The board as a spectator sees it, with each player's part as that player sees it (hand, bench and
    /// face-down heroes shown).
    pub board: MatchView,
    /// Each seat's deck in seat order, top card first.
    pub decks: Vec<Vec<CardView>>,
}

/// Everything of `state`, for a judge.
pub fn judge_view(state: &MatchState) -> JudgeView {
    let seats = &Seat::ALL[..state.table.seat_count()];
    let mut board = view_for(state, Viewer::Spectator);
    for &s in seats {
        board.players[s.index()] = view_for(state, Viewer::Seat(s)).players[s.index()].clone();
    }
    let decks =
        seats.iter().map(|&s| state.player(s).deck.iter().rev().map(|c| CardView::from(*c)).collect()).collect();
    JudgeView { board, decks }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judge_sees_every_hand_bench_and_deck() {
        let state = crate::tests::start(7);
        let judge = judge_view(&state);
        for s in [Seat::A, Seat::B] {
            let p = &judge.board.players[s.index()];
            let own = &view_for(&state, Viewer::Seat(s)).players[s.index()];
            assert_eq!(p, own, "seat {s:?} as its owner sees it");
            assert_eq!(p.hand.as_ref().map(|h| h.len()), Some(state.player(s).hand.len()));
            assert_eq!(judge.decks[s.index()].len(), state.player(s).deck.len());
            assert_eq!(
                judge.decks[s.index()].first(),
                state.player(s).deck.last().map(|c| CardView::from(*c)).as_ref()
            );
        }
        // A spectator sees none of it.
        let spectator = view_for(&state, Viewer::Spectator);
        assert!(spectator.players.iter().all(|p| p.hand.is_none() && p.bench.is_none()));
    }
}
