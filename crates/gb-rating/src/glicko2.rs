//! Glicko-2, Glickman's steps 1–8. Step numbers in comments are the paper's.
use serde::{Deserialize, Serialize};

/// The Glicko-2 scale factor between the Glicko scale (1500, 350) and μ/φ (step 2).
const SCALE: f64 = 173.7178;
/// The convergence tolerance of the volatility iteration (step 5, ε).
const EPSILON: f64 = 0.000_001;
/// A new player's rating, deviation and volatility (step 1).
const NEW_RATING: f64 = 1500.0;
const NEW_DEVIATION: f64 = 350.0;
const NEW_VOLATILITY: f64 = 0.06;
/// No deviation grows past a new player's: idleness never makes a rating less known than no games at all.
const MAX_DEVIATION: f64 = NEW_DEVIATION;
/// Bounds for the volatility iteration: at most this many steps (it converges in a handful; this is a guard
/// against a non-finite input looping forever, never reached with finite ratings).
const MAX_ITERATIONS: usize = 200;

/// One player's rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating { rating: NEW_RATING, deviation: NEW_DEVIATION, volatility: NEW_VOLATILITY }
    }
}

impl Rating {
    /// A deviation above [`crate::PROVISIONAL_DEVIATION`]: too few games to trust the number.
    pub fn is_provisional(&self) -> bool {
        self.deviation > crate::PROVISIONAL_DEVIATION
    }

    /// What a player sees: the rating rounded, with "?" while provisional ("1523?").
    pub fn shown(&self) -> String {
        let r = self.rating.round() as i64;
        if self.is_provisional() { format!("{r}?") } else { r.to_string() }
    }

    /// Step 2: μ and φ on the Glicko-2 scale.
    fn mu(&self) -> f64 {
        (self.rating - NEW_RATING) / SCALE
    }
    fn phi(&self) -> f64 {
        self.deviation / SCALE
    }
}

/// A game's score for the player rated: a win 1, a draw ½, a loss 0 (the paper's s_j).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// The same game seen from the other side.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// One game of a rating period: the opponent's rating before the period, and how it went.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Result {
    pub opponent: Rating,
    pub outcome: Outcome,
}

/// The system constant τ, which limits how fast volatility changes (the paper: 0.3 to 1.2).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko2 {
    pub tau: f64,
}

impl Default for Glicko2 {
    /// τ = 0.75, as Lichess plays with: inside the paper's range, and a game's surprise moves volatility gently.
    fn default() -> Self {
        Glicko2 { tau: 0.75 }
    }
}

/// Step 3's g(φ).
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// Step 3's E(μ, μ_j, φ_j): the expected score against opponent j.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Glicko2 {
    /// A player's rating after one rating period with these results (steps 1–8). With no results, only the
    /// deviation grows (step 6 alone), as [`Glicko2::idle`] for one period.
    pub fn rate(&self, player: Rating, results: &[Result]) -> Rating {
        if results.is_empty() {
            return self.idle(player, 1);
        }
        let (mu, phi, sigma) = (player.mu(), player.phi(), player.volatility);
        // Steps 3 and 4: the estimated variance v and the estimated improvement Δ.
        let mut inverse_v = 0.0;
        let mut improvement_sum = 0.0;
        for r in results {
            let (mu_j, phi_j) = (r.opponent.mu(), r.opponent.phi());
            let e = expected(mu, mu_j, phi_j);
            let g_j = g(phi_j);
            inverse_v += g_j * g_j * e * (1.0 - e);
            improvement_sum += g_j * (r.outcome.score() - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * improvement_sum;
        // Step 5: the new volatility.
        let sigma_new = self.volatility(phi, sigma, v, delta);
        // Steps 6 and 7: the pre-period deviation, then the new φ and μ.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * improvement_sum;
        // Step 8: back to the Glicko scale.
        Rating {
            rating: SCALE * mu_new + NEW_RATING,
            deviation: (SCALE * phi_new).min(MAX_DEVIATION),
            volatility: sigma_new,
        }
    }

    /// Both players of one game rated from their ratings before it (each the other's opponent), as one rating
    /// period each: what the server writes when a rated game ends.
    pub fn rate_game(&self, first: Rating, second: Rating, first_outcome: Outcome) -> (Rating, Rating) {
        let first_new = self.rate(first, &[Result { opponent: second, outcome: first_outcome }]);
        let second_new = self.rate(second, &[Result { opponent: first, outcome: first_outcome.flipped() }]);
        (first_new, second_new)
    }

    /// The rating after `periods` rating periods without a game: the deviation grows by the volatility each
    /// period (step 6 with no games), capped at a new player's.
    pub fn idle(&self, player: Rating, periods: u32) -> Rating {
        let phi = player.phi();
        let sigma = player.volatility;
        let phi_new = (phi * phi + f64::from(periods) * sigma * sigma).sqrt();
        Rating { deviation: (SCALE * phi_new).min(MAX_DEVIATION), ..player }
    }

    /// Step 5: the new volatility σ' by the Illinois algorithm on f(x) (the paper's iteration as printed).
    fn volatility(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let tau = self.tau;
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let denom = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * denom * denom) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 && k < MAX_ITERATIONS as f64 {
                k += 1.0;
            }
            a - k * tau
        };
        let mut f_a = f(big_a);
        let mut f_b = f(big_b);
        for _ in 0..MAX_ITERATIONS {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        (big_a / 2.0).exp()
    }
}
