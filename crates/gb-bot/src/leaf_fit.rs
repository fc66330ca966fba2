//! Fitting the search's leaf weights to games: at the start of every turn (where the search scores its leaves,
//! after the opponent's reply) the side to move's board terms (`search_eval::Terms::board`) are recorded with
//! whether that side went on to win the round in play (CR 206.1). A logistic regression of the one on the other
//! is the leaf's model of a round, `squash(board)`, with weights learned instead of set by hand.
use crate::arena::{Contender, MAX_INTENTS, new_game};
use crate::search_eval::{EvalParams, Terms};
use crate::{SearchConfig, decide};
use gb_core::{Intent, Seat, apply, owed_seat};

const N: usize = Terms::BOARD.len();

/// A turn's start: the side to move's board terms, and whether it won the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub board: [f64; N],
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
            round_winners.get(round).map(|winner| Sample { board, won_round: *winner == seat })
        })
        .collect()
}

/// A fitted logistic regression: P(won round) = 1 / (1 + e^-(beta · board)).
#[derive(Clone, Debug)]
pub struct Fit {
    pub beta: [f64; N],
    /// Standard errors of `beta`, from the inverse Hessian at the optimum.
    pub std_err: [f64; N],
    /// Newton steps taken.
    pub steps: usize,
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

fn dot(a: &[f64; N], b: &[f64; N]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Mean negative log-likelihood of `samples` under `beta` (ln 2 ≈ 0.693 for a coin).
pub fn log_loss(samples: &[Sample], beta: &[f64; N]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(dot(beta, &s.board)).clamp(1e-12, 1.0 - 1e-12);
            -if s.won_round { p.ln() } else { (1.0 - p).ln() }
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Share of samples whose round winner `beta` calls right (p > 0.5 for a won round).
pub fn accuracy(samples: &[Sample], beta: &[f64; N]) -> f64 {
    let right = samples.iter().filter(|s| (dot(beta, &s.board) > 0.0) == s.won_round).count();
    right as f64 / samples.len().max(1) as f64
}

/// Maximum likelihood by Newton's method, with a small ridge `l2` so a term that never varies (or two that
/// always move together) still gets a finite weight. No intercept: the terms are differences, and the side to
/// move's edge is in its own terms.
pub fn fit(samples: &[Sample], l2: f64) -> Fit {
    let mut beta = [0.0; N];
    let mut steps = 0;
    let mut hessian = [[0.0; N]; N];
    for step in 1..=50 {
        steps = step;
        let mut grad = [0.0; N];
        hessian = [[0.0; N]; N];
        for (i, row) in hessian.iter_mut().enumerate() {
            row[i] = l2;
            grad[i] = -l2 * beta[i];
        }
        for s in samples {
            let p = sigmoid(dot(&beta, &s.board));
            let y = if s.won_round { 1.0 } else { 0.0 };
            let w = p * (1.0 - p);
            for i in 0..N {
                grad[i] += (y - p) * s.board[i];
                for j in 0..N {
                    hessian[i][j] += w * s.board[i] * s.board[j];
                }
            }
        }
        let delta = solve(hessian, grad);
        for i in 0..N {
            beta[i] += delta[i];
        }
        if delta.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    let inverse = invert(hessian);
    let std_err = std::array::from_fn(|i| inverse[i][i].max(0.0).sqrt());
    Fit { beta, std_err, steps }
}

/// `m x = b` by Gaussian elimination with partial pivoting (`m` is a ridge-regularised Hessian, so invertible).
fn solve(mut m: [[f64; N]; N], mut b: [f64; N]) -> [f64; N] {
    for col in 0..N {
        let pivot = (col..N).max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs())).expect("N > 0");
        m.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..N {
            let f = m[row][col] / m[col][col];
            for k in col..N {
                m[row][k] -= f * m[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; N];
    for row in (0..N).rev() {
        let rest: f64 = (row + 1..N).map(|k| m[row][k] * x[k]).sum();
        x[row] = (b[row] - rest) / m[row][row];
    }
    x
}

fn invert(m: [[f64; N]; N]) -> [[f64; N]; N] {
    let columns: [[f64; N]; N] =
        std::array::from_fn(|j| solve(m, std::array::from_fn(|i| f64::from(u8::from(i == j)))));
    std::array::from_fn(|i| std::array::from_fn(|j| columns[j][i]))
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
                Sample { board, won_round }
            })
            .collect();
        let fit = fit(&samples, 1e-6);
        for i in 0..N {
            assert!(
                (fit.beta[i] - truth[i]).abs() < 4.0 * fit.std_err[i] + 1e-9,
                "{}: fitted {} ± {}, drawn from {}",
                Terms::BOARD[i],
                fit.beta[i],
                fit.std_err[i],
                truth[i]
            );
        }
        assert!(log_loss(&samples, &fit.beta) <= log_loss(&samples, &truth) + 1e-9, "the fit is the likeliest");
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
        assert!(samples.iter().any(|s| s.won_round) && samples.iter().any(|s| !s.won_round));
        // An HP difference never exceeds a side's starting HP.
        assert!(samples.iter().all(|s| s.board[0].abs() <= 20.0));
    }
}
