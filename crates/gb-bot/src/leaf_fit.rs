//! Fitting the search's leaf weights to games: at the start of every turn (where the search scores its leaves,
//! after the opponent's reply) the side to move's board terms (`search_eval::Terms::board`) are recorded with
//! whether that side went on to win the round in play (CR 206.1). A logistic regression of the one on the other
//! is the leaf's model of a round, `squash(board)`, with weights learned instead of set by hand.
use crate::arena::{Contender, DECKS, MAX_INTENTS, new_game};
use crate::search_eval::{EvalParams, Terms};
use crate::{SearchConfig, decide};
use gb_core::{Intent, Seat, apply, owed_seat};

const N: usize = Terms::BOARD.len();

/// A turn's start: the side to move's board terms, and whether it won the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub board: [f64; N],
    /// The side to move's deck and its opponent's, as `mine * DECKS + theirs` (`arena::DECKS`, the
    /// preconstructed decks' indices).
    pub matchup: usize,
    pub won_round: bool,
}

/// Plays game `index` of a series between `a` and `b` (as the arena does) and returns a sample at the start of
/// every turn of every round that finished. A game cut at the intent cap keeps the rounds it finished.
pub fn samples_of_game(a: Contender, b: Contender, index: u64, seed: u64, search: &SearchConfig) -> Vec<Sample> {
    let game = new_game(index, seed);
    let mut state = game.state;
    let mut bots = [a.bot(game.match_seed ^ 0xa, search), b.bot(game.match_seed ^ 0xb, search)];
    let terms_of = EvalParams::default();
    // (round index, the side to move, its terms) for every turn's start; then who won each round.
    let mut pending: Vec<(usize, Seat, [f64; N])> = Vec::new();
    let mut round_winners: Vec<Seat> = Vec::new();
    let rounds = |s: &gb_core::MatchState| [Seat::A, Seat::B].map(|seat| s.player(seat).rounds_won);
    for _ in 0..MAX_INTENTS {
        let Some(seat) = owed_seat(&state) else { break };
        let who = usize::from(seat != game.a_seat);
        let intent = decide(bots[who].as_mut(), &state, seat);
        let before = rounds(&state);
        apply(&mut state, seat, &intent).expect("a bot's intent is legal");
        let after = rounds(&state);
        for (k, won) in [Seat::A, Seat::B].into_iter().enumerate() {
            for _ in before[k]..after[k] {
                round_winners.push(won);
            }
        }
        if intent == Intent::EndTurn && state.outcome().is_none() {
            let active = state.turn().active;
            let round = usize::from(after[0] + after[1]);
            pending.push((round, active, terms_of.terms(&state, active).board()));
        }
    }
    pending
        .into_iter()
        .filter_map(|(round, seat, board)| {
            let [mine, theirs] = if seat == Seat::A { game.decks } else { [game.decks[1], game.decks[0]] };
            let won_round = *round_winners.get(round)? == seat;
            Some(Sample { board, matchup: mine * DECKS + theirs, won_round })
        })
        .collect()
}

/// A logistic model of a round: P(won round) = 1 / (1 + e^-(board · terms + matchup[m])).
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub board: [f64; N],
    /// One intercept per matchup, or none. The terms are differences, so without them the model has no
    /// intercept; with them, what a matchup's decks do to the odds is not credited to the terms those decks
    /// tend to have (a deck of high-DEF heroes that loses more would otherwise make DEF look bad). A leaf's value
    /// compares positions of one game, where the matchup is the same for all, so only `board` plays.
    pub matchup: Vec<f64>,
}

impl Model {
    pub fn logit(&self, s: &Sample) -> f64 {
        dot(&self.board, &s.board) + self.matchup.get(s.matchup).copied().unwrap_or(0.0)
    }
}

/// A fitted model with the standard errors of its board weights (from the inverse Hessian at the optimum).
#[derive(Clone, Debug)]
pub struct Fit {
    pub model: Model,
    pub std_err: [f64; N],
    /// Newton steps taken.
    pub steps: usize,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean negative log-likelihood of `samples` under `model` (ln 2 ≈ 0.693 for a coin).
pub fn log_loss(samples: &[Sample], model: &Model) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(model.logit(s)).clamp(1e-12, 1.0 - 1e-12);
            -if s.won_round { p.ln() } else { (1.0 - p).ln() }
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Share of samples whose round winner `model` calls right (p > 0.5 for a won round).
pub fn accuracy(samples: &[Sample], model: &Model) -> f64 {
    let right = samples.iter().filter(|s| (model.logit(s) > 0.0) == s.won_round).count();
    right as f64 / samples.len().max(1) as f64
}

/// Maximum likelihood by Newton's method, with a small ridge `l2` so a term that never varies (or two that
/// always move together) still gets a finite weight; with `matchups`, one intercept per matchup beside the
/// board weights.
pub fn fit(samples: &[Sample], l2: f64, matchups: bool) -> Fit {
    let k = N + if matchups { DECKS * DECKS } else { 0 };
    let row = |s: &Sample| {
        let mut x = s.board.to_vec();
        x.resize(k, 0.0);
        if matchups {
            x[N + s.matchup] = 1.0;
        }
        x
    };
    let rows: Vec<(Vec<f64>, f64)> = samples.iter().map(|s| (row(s), if s.won_round { 1.0 } else { 0.0 })).collect();
    let mut beta = vec![0.0; k];
    let mut steps = 0;
    let mut hessian = vec![vec![0.0; k]; k];
    for step in 1..=50 {
        steps = step;
        let mut grad: Vec<f64> = beta.iter().map(|b| -l2 * b).collect();
        hessian = (0..k).map(|i| (0..k).map(|j| if i == j { l2 } else { 0.0 }).collect()).collect();
        for (x, y) in &rows {
            let p = sigmoid(dot(&beta, x));
            let w = p * (1.0 - p);
            for i in 0..k {
                if x[i] == 0.0 {
                    continue;
                }
                grad[i] += (y - p) * x[i];
                for j in 0..k {
                    hessian[i][j] += w * x[i] * x[j];
                }
            }
        }
        let delta = solve(hessian.clone(), grad);
        for (b, d) in beta.iter_mut().zip(&delta) {
            *b += d;
        }
        if delta.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    let std_err = std::array::from_fn(|i| {
        let unit: Vec<f64> = (0..k).map(|j| f64::from(u8::from(i == j))).collect();
        solve(hessian.clone(), unit)[i].max(0.0).sqrt()
    });
    let board = std::array::from_fn(|i| beta[i]);
    Fit { model: Model { board, matchup: beta[N..].to_vec() }, std_err, steps }
}

/// `m x = b` by Gaussian elimination with partial pivoting (`m` is a ridge-regularised Hessian, so invertible).
fn solve(mut m: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let k = b.len();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs())).expect("k > 0");
        m.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..k {
            let f = m[row][col] / m[col][col];
            // The pivot row lies above `row`: split so both can be borrowed at once.
            let (above, below) = m.split_at_mut(row);
            for (x, p) in below[0][col..].iter_mut().zip(&above[col][col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; k];
    for row in (0..k).rev() {
        let rest: f64 = (row + 1..k).map(|c| m[row][c] * x[c]).sum();
        x[row] = (b[row] - rest) / m[row][row];
    }
    x
}

/// The board coefficients `params` scores with: its weights over its scale, the back hero's ATK as a share of
/// the frontline's (`EvalParams::side`).
pub fn beta_of(params: &EvalParams) -> [f64; N] {
    let p = params;
    [p.hp, p.atk, p.atk * p.back_atk, p.def, p.gem, p.blend, p.hand, p.meter, p.threat, p.threat_to_move, p.lethal]
        .map(|w| w / p.scale)
}

/// The arena's `--eval` overrides that make `EvalParams` score with `beta` at `scale`.
pub fn overrides(beta: &[f64; N], scale: f64) -> String {
    let mut weights: Vec<(&str, f64)> = Terms::BOARD.iter().zip(beta).map(|(name, b)| (*name, b * scale)).collect();
    // `back_atk` is relative to the frontline's ATK weight.
    let atk = weights[1].1;
    weights[2].1 = if atk == 0.0 { 0.0 } else { weights[2].1 / atk };
    weights.push(("scale", scale));
    weights.iter().map(|(name, w)| format!("{name}={w:.4}")).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gb_core::rng::MatchRng;

    /// Samples drawn from a known model are fitted back to it, within a few standard errors.
    #[test]
    fn fit_recovers_the_weights_samples_were_drawn_from() {
        let truth: [f64; N] = [0.08, 0.03, 0.01, 0.02, 0.04, 0.1, 0.03, 0.0, 0.02, 0.025, 0.6];
        let mut rng = MatchRng::new(7);
        let mut uniform = || f64::from(rng.below(1 << 30)) / f64::from(1u32 << 30);
        let samples: Vec<Sample> = (0..20_000)
            .map(|_| {
                let board: [f64; N] = std::array::from_fn(|i| {
                    if i == 10 { (uniform() * 3.0).floor() - 1.0 } else { uniform() * 20.0 - 10.0 }
                });
                let won_round = uniform() < sigmoid(dot(&truth, &board));
                Sample { board, matchup: 0, won_round }
            })
            .collect();
        let fit = fit(&samples, 1e-6, false);
        for (i, want) in truth.iter().enumerate() {
            assert!(
                (fit.model.board[i] - want).abs() < 4.0 * fit.std_err[i] + 1e-9,
                "{}: fitted {} ± {}, drawn from {want}",
                Terms::BOARD[i],
                fit.model.board[i],
                fit.std_err[i],
            );
        }
        let truth = Model { board: truth, matchup: Vec::new() };
        assert!(log_loss(&samples, &fit.model) <= log_loss(&samples, &truth) + 1e-9, "the fit is the likeliest");
    }

    /// A matchup that wins more whatever the board, and whose decks have more of one term, does not make that
    /// term look good once the matchups have their intercepts; without them it does.
    #[test]
    fn matchup_intercepts_keep_a_deck_s_edge_out_of_the_terms() {
        let mut rng = MatchRng::new(11);
        let mut uniform = || f64::from(rng.below(1 << 30)) / f64::from(1u32 << 30);
        let samples: Vec<Sample> = (0..20_000)
            .map(|n| {
                let matchup = n % 2;
                // HP decides the round; the favoured matchup (1) also carries 4 more DEF, which does nothing.
                let hp = uniform() * 20.0 - 10.0;
                let def = uniform() * 4.0 - 2.0 + 4.0 * matchup as f64;
                let mut board = [0.0; N];
                board[0] = hp;
                board[3] = def;
                let logit = 0.3 * hp + if matchup == 1 { 1.5 } else { -1.5 };
                Sample { board, matchup, won_round: uniform() < sigmoid(logit) }
            })
            .collect();
        let plain = fit(&samples, 1e-6, false);
        let with = fit(&samples, 1e-6, true);
        assert!(
            plain.model.board[3] > 0.2,
            "without intercepts DEF takes the matchup's edge: {}",
            plain.model.board[3]
        );
        assert!(with.model.board[3].abs() < 4.0 * with.std_err[3], "DEF {} ± {}", with.model.board[3], with.std_err[3]);
        assert!((with.model.board[0] - 0.3).abs() < 4.0 * with.std_err[0]);
    }

    #[test]
    fn overrides_give_back_the_params_they_were_read_from() {
        let params = EvalParams::default();
        let mut read = EvalParams::default();
        read.parse_overrides(&overrides(&beta_of(&params), params.scale)).unwrap();
        for (a, b) in beta_of(&read).iter().zip(beta_of(&params)) {
            assert!((a - b).abs() < 1e-5, "{a} against {b}");
        }
    }

    /// A real greedy game gives samples for both seats, each labelled by a round that finished.
    #[test]
    fn a_greedy_game_gives_labelled_samples_for_both_seats() {
        use crate::Level;
        let samples = samples_of_game(Level::Greedy.into(), Level::Greedy.into(), 0, 3, &SearchConfig::default());
        assert!(samples.len() >= 8, "{} samples", samples.len());
        assert!(samples.iter().all(|s| s.matchup < DECKS * DECKS));
        assert!(samples.iter().any(|s| s.won_round) && samples.iter().any(|s| !s.won_round));
        // An HP difference never exceeds a side's starting HP.
        assert!(samples.iter().all(|s| s.board[0].abs() <= 20.0));
    }
}
