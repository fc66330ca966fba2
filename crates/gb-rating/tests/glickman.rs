//! Glickman's worked example ("Example of the Glicko-2 system", 2013), to the paper's printed precision, and the
//! properties any rating system must keep.
use gb_rating::{GameResult, Glicko2, Outcome, Rating};
use proptest::prelude::*;

fn rating(rating: f64, deviation: f64) -> Rating {
    Rating { rating, deviation, volatility: 0.06 }
}

fn close(actual: f64, printed: f64, places: i32) -> bool {
    (actual - printed).abs() <= 0.5 * 10f64.powi(-places)
}

/// The paper: a 1500/200/0.06 player, τ = 0.5, beats 1400/30 and loses to 1550/100 and 1700/300; μ' = −0.2069,
/// φ' = 0.8722, σ' = 0.05999, so the new rating is 1464.06 and the deviation 151.52. The paper works its last
/// step from μ' and φ' as printed (four places): unrounded, the rating is 1464.0507, which prints as 1464.05.
#[test]
fn glickmans_worked_example() {
    let system = Glicko2 { tau: 0.5 };
    let results = [
        GameResult { opponent: rating(1400.0, 30.0), outcome: Outcome::Win },
        GameResult { opponent: rating(1550.0, 100.0), outcome: Outcome::Loss },
        GameResult { opponent: rating(1700.0, 300.0), outcome: Outcome::Loss },
    ];
    let new = system.rate(rating(1500.0, 200.0), &results);
    const SCALE: f64 = 173.7178;
    let four_places = |x: f64| (x * 1e4).round() / 1e4;
    let (mu, phi) = ((new.rating - 1500.0) / SCALE, new.deviation / SCALE);
    assert_eq!(four_places(mu), -0.2069, "μ' {mu}");
    assert_eq!(four_places(phi), 0.8722, "φ' {phi}");
    // σ' is 0.0599960: the paper prints it cut to five places, 0.05999 (within one unit of the last place).
    assert!((new.volatility - 0.05999).abs() < 1e-5, "volatility {}", new.volatility);
    assert!(close(SCALE * four_places(mu) + 1500.0, 1464.06, 2), "rating {}", new.rating);
    assert!(close(SCALE * four_places(phi), 151.52, 2), "deviation {}", new.deviation);
    assert!(close(new.rating, 1464.05, 2) && close(new.deviation, 151.52, 2), "unrounded {new:?}");
}

/// With no games, step 6 alone: φ* = sqrt(φ² + σ²). The paper's player idle for one period: 200 → 200.27.
#[test]
fn an_idle_period_widens_only_the_deviation() {
    let system = Glicko2 { tau: 0.5 };
    let idle = system.rate(rating(1500.0, 200.0), &[]);
    assert_eq!(idle.rating, 1500.0);
    assert!(close(idle.deviation, 200.27, 2), "deviation {}", idle.deviation);
    assert_eq!(system.idle(rating(1500.0, 349.0), 1000).deviation, 350.0, "capped at a new player's");
}

#[test]
fn a_new_player_is_provisional_until_games_narrow_the_deviation() {
    let system = Glicko2::default();
    let mut player = Rating::default();
    assert!(player.is_provisional());
    assert_eq!(player.shown(), "1500?");
    let opponent = rating(1500.0, 60.0);
    let mut games = 0;
    while player.is_provisional() {
        let outcome = if games % 2 == 0 { Outcome::Win } else { Outcome::Loss };
        player = system.rate(player, &[GameResult { opponent, outcome }]);
        games += 1;
        assert!(games < 40, "a deviation that never narrows");
    }
    assert!(games >= 5, "one lucky game does not make a rating established ({games})");
    assert!(!player.shown().ends_with('?'));
}

proptest! {
    /// A win never lowers a rating and a loss never raises it; the two players of a game move in opposite
    /// directions; a game narrows the deviation the period
    /// would otherwise have left.
    #[test]
    fn results_move_ratings_the_right_way(
        r1 in 800.0f64..2600.0, d1 in 30.0f64..350.0, r2 in 800.0f64..2600.0, d2 in 30.0f64..350.0,
        outcome in prop_oneof![Just(Outcome::Win), Just(Outcome::Draw), Just(Outcome::Loss)],
    ) {
        let system = Glicko2::default();
        let (a, b) = (rating(r1, d1), rating(r2, d2));
        let (a2, b2) = system.rate_game(a, b, outcome);
        for r in [a2, b2] {
            prop_assert!(r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite());
            prop_assert!(r.volatility > 0.0 && r.deviation > 0.0 && r.deviation <= 350.0);
        }
        match outcome {
            Outcome::Win => prop_assert!(a2.rating >= a.rating && b2.rating <= b.rating),
            Outcome::Loss => prop_assert!(a2.rating <= a.rating && b2.rating >= b.rating),
            Outcome::Draw => prop_assert!((a2.rating - a.rating).signum() != (b2.rating - b.rating).signum()
                || (a2.rating - a.rating).abs() < 1e-9),
        }
        // Step 7: the games' information narrows φ* = sqrt(φ² + σ'²), the deviation the period would have left.
        let unplayed = system.idle(Rating { volatility: a2.volatility, ..a }, 1);
        prop_assert!(a2.deviation < unplayed.deviation);
    }
}
