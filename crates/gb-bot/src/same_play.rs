//! Plays that cannot differ: two copies of one card (two basic Ruby card_plays, say) are interchangeable by the rules
//! (the rules count copies of a card by name, CR 101.4–101.5; the id only tells copies apart), so playing either onto the same
//! hero, or choosing either from the same zone, leads to the same world. Lookahead scores only the first of each
//! such group; the first legal one is still the one chosen among equals.
use gb_core::cards::CardDefId;
use gb_core::{CardId, Intent, MatchState, Seat};

/// What makes a card play distinct: the kind of play, the zone the card comes from, its definition and target.
#[derive(Clone, Copy, PartialEq, Eq)]
struct PlayKey {
    kind: u8,
    zone: u8,
    def: CardDefId,
    hero: u8,
}

fn key(state: &MatchState, seat: Seat, intent: &Intent) -> Option<PlayKey> {
    let p = state.player(seat);
    let from_hand = |card: &CardId| p.hand.iter().find(|c| c.id == *card).map(|c| (0, c.def));
    let (kind, hero, found) = match intent {
        Intent::PlayGem { card, hero } => (0, *hero as u8, from_hand(card)),
        Intent::PlayBlend { card, hero } => (1, *hero as u8, from_hand(card)),
        Intent::PlayAction { card } => (2, u8::MAX, from_hand(card)),
        Intent::ChooseCard { card } => {
            let zones = [&p.hand, &p.deck, &p.discard];
            let found = zones
                .iter()
                .enumerate()
                .find_map(|(z, cards)| cards.iter().find(|c| c.id == *card).map(|c| (z as u8, c.def)));
            (3, u8::MAX, found)
        }
        _ => return None,
    };
    found.map(|(zone, def)| PlayKey { kind, zone, def, hero })
}

/// Whether `a` and `b` play copies of one card from one zone, onto any heroes (a gem onto the left or the
/// right hero, say): the root screen merges such plays when its score cannot tell the targets apart.
pub(crate) fn same_card(state: &MatchState, seat: Seat, a: &Intent, b: &Intent) -> bool {
    match (key(state, seat, a), key(state, seat, b)) {
        (Some(x), Some(y)) => PlayKey { hero: 0, ..x } == PlayKey { hero: 0, ..y },
        _ => false,
    }
}

/// The indices of `legal` worth scoring: every intent except a later copy of a card play already listed.
pub(crate) fn distinct_plays(state: &MatchState, seat: Seat, legal: &[Intent]) -> Vec<usize> {
    let mut seen: Vec<PlayKey> = Vec::new();
    let mut keep = Vec::with_capacity(legal.len());
    for (i, intent) in legal.iter().enumerate() {
        if let Some(k) = key(state, seat, intent) {
            if seen.contains(&k) {
                continue;
            }
            seen.push(k);
        }
        keep.push(i);
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settle::options;
    use gb_core::decks::preconstructed;
    use gb_core::playout::RandomPolicy;
    use gb_core::{MatchSetup, apply, new_match, owed_seat};

    /// Copies of one card give one play per target; a play dropped scores exactly as the copy kept.
    #[test]
    fn copies_of_a_card_are_scored_once_per_target() {
        let mut checked = 0;
        for seed in 0..20u64 {
            let decks = preconstructed();
            let setup =
                MatchSetup { decks: vec![decks[0].1.clone(), decks[1].1.clone()], seed: seed.into(), chooser: None };
            let mut state = new_match(&setup).unwrap();
            let mut policy = RandomPolicy::new(seed);
            while let Some(seat) = owed_seat(&state) {
                let legal = options(&state, seat);
                let card_plays: Vec<usize> =
                    (0..legal.len()).filter(|&i| key(&state, seat, &legal[i]).is_some()).collect();
                let keep = distinct_plays(&state, seat, &legal);
                for &i in &card_plays {
                    let first =
                        card_plays.iter().find(|&&j| key(&state, seat, &legal[j]) == key(&state, seat, &legal[i]));
                    let first = *first.unwrap();
                    assert_eq!(keep.contains(&i), i == first, "{:?} against {:?}", legal[i], legal[first]);
                    if i != first {
                        let (mut a, mut b) = (state.clone(), state.clone());
                        apply(&mut a, seat, &legal[i]).unwrap();
                        apply(&mut b, seat, &legal[first]).unwrap();
                        assert_eq!(crate::eval::raw(&a, seat), crate::eval::raw(&b, seat));
                        checked += 1;
                    }
                }
                assert!(legal.iter().enumerate().all(|(i, _)| card_plays.contains(&i) || keep.contains(&i)));
                let intent = policy.pick(&legal);
                apply(&mut state, seat, &intent).unwrap();
                if state.version() > 300 {
                    break;
                }
            }
        }
        assert!(checked > 0, "no position offered two copies of one play");
    }
}
