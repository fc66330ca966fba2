//! Preconstructed decks that ship with the product, for players who have not built one yet (data, not code).
use crate::deck::DeckList;

const DECKS: [(&str, &str); 4] = [
    ("fire-and-wind", include_str!("../data/decks/fire-and-wind.txt")),
    ("tide-and-stone", include_str!("../data/decks/tide-and-stone.txt")),
    ("night-and-light", include_str!("../data/decks/night-and-light.txt")),
    ("storm-court", include_str!("../data/decks/storm-court.txt")),
];

/// Every preconstructed deck as `(slug, list)`.
pub fn preconstructed() -> Vec<(&'static str, DeckList)> {
    DECKS
        .iter()
        .map(|(slug, text)| (*slug, DeckList::parse_text(text).expect("shipped decks parse (tested)")))
        .collect()
}

/// One preconstructed deck by slug.
pub fn preconstructed_deck(slug: &str) -> Option<DeckList> {
    preconstructed().into_iter().find(|(s, _)| *s == slug).map(|(_, d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::catalogue;

    #[test]
    fn every_shipped_deck_is_legal() {
        for (slug, deck) in preconstructed() {
            deck.validate().unwrap_or_else(|e| panic!("{slug}: {e:?}"));
            assert_eq!(DeckList::parse_text(&deck.to_text()).unwrap(), deck, "{slug} round-trips as text");
        }
    }

    /// Together the shipped decks use every card of the starter set, so random play exercises all of them.
    #[test]
    fn shipped_decks_cover_the_starter_set() {
        let decks = preconstructed();
        for card in catalogue().ids().map(|id| id.def()) {
            let used = decks.iter().any(|(_, d)| {
                d.heroes.iter().chain(d.bench.iter()).any(|h| h.eq_ignore_ascii_case(&card.name))
                    || d.main.iter().any(|e| e.card.eq_ignore_ascii_case(&card.name))
            });
            assert!(used, "{} is in no shipped deck", card.name);
        }
    }
}
