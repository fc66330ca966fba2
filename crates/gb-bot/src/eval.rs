//! The heuristic evaluation of the greedy bot, also used by the search bot's root screen and greedy rollouts
//! (its leaves use `search_eval`): a material-and-tempo score of a (sampled, hence fully known) world from one
//! seat's point of view, squashed into (0, 1) so MCTS can average it.
use gb_core::ids::Position;
use gb_core::lookahead::{SideStats, side_stats};
use gb_core::{MatchState, Seat};

/// Weights in "HP points": a won round is worth far more than any board, since rounds decide the game.
const ROUND: f64 = 45.0;
const ATK: f64 = 0.55;
const DEF: f64 = 0.35;
const BLEND: f64 = 2.5;
const GEM: f64 = 0.8;
const HAND: f64 = 0.6;
/// How many HP points make the squashed value move from 0.5 to about 0.73.
const SCALE: f64 = 20.0;

/// The raw score of `seat` minus its opponent's, in HP points (positive is good for `seat`).
pub fn raw(state: &MatchState, seat: Seat) -> f64 {
    if let Some(outcome) = state.outcome() {
        return if outcome.winner == seat { 1000.0 } else { -1000.0 };
    }
    if !state.table().is_living(seat) {
        return -1000.0; // MP-23: out of the match.
    }
    let mine = side(state, seat, &side_stats(state, seat));
    // Against the strongest living opponent (plan step 12, the paranoid reading of a free-for-all); in the
    // two-player game the one opponent, so its scores are unchanged.
    let theirs = state.table().opponents(seat).map(|o| side(state, o, &side_stats(state, o))).fold(f64::MIN, f64::max);
    mine - theirs
}

fn side(state: &MatchState, seat: Seat, stats: &SideStats) -> f64 {
    let p = state.player(seat);
    let mut s = f64::from(p.rounds_won) * ROUND + f64::from(p.hp);
    for pos in Position::ALL {
        let hero = state.hero(seat, pos);
        // Only the frontline attacks (CR 203.1c); the back hero still blocks and carries gems.
        let atk_weight = if pos.is_frontline() { ATK } else { ATK * 0.3 };
        s += atk_weight * f64::from(stats.atk[pos.index()]) + DEF * f64::from(stats.def[pos.index()]);
        s += GEM * hero.gems.len().min(4) as f64;
        if hero.is_blended() {
            s += BLEND;
        }
    }
    // Cards in hand are options; past seven they add little.
    s + HAND * p.hand.len().min(7) as f64
}

/// `raw` squashed into (0, 1): 1 is a won game for `seat`.
pub fn value(state: &MatchState, seat: Seat) -> f64 {
    if let Some(outcome) = state.outcome() {
        return if outcome.winner == seat { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-raw(state, seat) / SCALE).exp())
}
