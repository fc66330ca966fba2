//! Who plays whom (docs/ratings.md, "Matching"), pure: the waiting players of one pass of the matcher in, the
//! pairs and computer games out. Oldest first, each with the closest rating inside both players' allowed gaps;
//! the gap widens with the time waited, so a long wait trades closeness for a game.
/// The allowed rating gap at the start of a wait, its widening per second waited, and its ceiling.
pub const GAP_START: f64 = 100.0;
pub const GAP_PER_SECOND: f64 = 20.0;
pub const GAP_MAX: f64 = 800.0;

/// One waiting player as the matcher sees them.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    pub account_id: String,
    pub format: String,
    pub rated: bool,
    pub rating: f64,
    pub joined_at: i64,
    pub computer_after_ms: Option<i64>,
}

/// The rating gap a player who has waited `waited_ms` accepts: 100 + 20 a second, at most 800.
pub fn gap(waited_ms: i64) -> f64 {
    (GAP_START + GAP_PER_SECOND * (waited_ms.max(0) as f64 / 1000.0)).min(GAP_MAX)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// Indices into the waiting list: the longer waiter first.
    Pair(usize, usize),
    /// Nobody was found within the player's own time: a casual game against the computer.
    Computer(usize),
}

/// The matches of one pass over `waiting` at `now` (ms). Only the same format and the same choice of rated or
/// casual pair up.
pub fn matches(waiting: &[Waiting], now: i64) -> Vec<Match> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by_key(|&i| (waiting[i].joined_at, i));
    let mut taken = vec![false; waiting.len()];
    let mut out = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        if taken[i] {
            continue;
        }
        let w = &waiting[i];
        let fits = |j: usize| {
            let o = &waiting[j];
            let allowed = gap(now - w.joined_at).min(gap(now - o.joined_at));
            !taken[j] && o.format == w.format && o.rated == w.rated && (o.rating - w.rating).abs() <= allowed
        };
        let closest = order[k + 1..]
            .iter()
            .copied()
            .filter(|&j| fits(j))
            .min_by(|&a, &b| (waiting[a].rating - w.rating).abs().total_cmp(&(waiting[b].rating - w.rating).abs()));
        if let Some(j) = closest {
            taken[i] = true;
            taken[j] = true;
            out.push(Match::Pair(i, j));
        } else if w.computer_after_ms.is_some_and(|after| now - w.joined_at >= after) {
            taken[i] = true;
            out.push(Match::Computer(i));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(id: &str, rating: f64, joined_at: i64) -> Waiting {
        Waiting { account_id: id.into(), format: "bo1".into(), rated: true, rating, joined_at, computer_after_ms: None }
    }

    #[test]
    fn the_gap_widens_with_the_wait_up_to_its_ceiling() {
        assert_eq!(gap(0), 100.0);
        assert_eq!(gap(10_000), 300.0);
        assert_eq!(gap(3_600_000), 800.0);
    }

    #[test]
    fn the_oldest_waiter_gets_the_closest_rating_inside_both_gaps() {
        let q = [w("a", 1500.0, 0), w("b", 1700.0, 0), w("c", 1560.0, 5_000), w("d", 1520.0, 9_000)];
        // At 10 s: a's gap 300, d's 120, c's 200. d (20 away) is closest to a.
        assert_eq!(matches(&q, 10_000), vec![Match::Pair(0, 3), Match::Pair(1, 2)]);
    }

    #[test]
    fn far_ratings_wait_until_both_gaps_cover_them() {
        let q = [w("a", 1500.0, 0), w("b", 1800.0, 0)];
        assert_eq!(matches(&q, 1_000), vec![]);
        assert_eq!(matches(&q, 10_000), vec![Match::Pair(0, 1)]);
    }

    #[test]
    fn formats_and_rated_choices_never_mix() {
        let mut casual = w("b", 1500.0, 0);
        casual.rated = false;
        let mut bo3 = w("c", 1500.0, 0);
        bo3.format = "bo3".into();
        assert_eq!(matches(&[w("a", 1500.0, 0), casual, bo3], 60_000), vec![]);
    }

    #[test]
    fn the_computer_comes_only_after_the_players_own_time() {
        let mut a = w("a", 1500.0, 0);
        a.computer_after_ms = Some(30_000);
        assert_eq!(matches(std::slice::from_ref(&a), 29_999), vec![]);
        assert_eq!(matches(&[a], 30_000), vec![Match::Computer(0)]);
    }
}
