//! Deck lists: what a player brings (CR 101), parsed from text and validated with rule numbers.
use crate::cards::{CardDefId, CardKind, catalogue};
use crate::ids::Position;
use crate::rejection::Rejection;
use serde::{Deserialize, Serialize};

/// A deck list as people write it: card names, four heroes by starting position, a bench, a main deck.
/// Unvalidated; [`DeckList::validate`] turns it into a [`ValidDeck`].
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckList {
    #[serde(default)]
    pub name: String,
    /// Heroes by starting position: left, center, right, back (CR 200.2).
    pub heroes: [String; 4],
    /// Up to 4 further heroes, face down (CR 200.3, 405).
    #[serde(default)]
    pub bench: Vec<String>,
    /// The 50-card main deck (CR 101.3).
    pub main: Vec<DeckEntry>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckEntry {
    pub count: u8,
    pub card: String,
}

/// A deck that passed CR 101, with names resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidDeck {
    pub heroes: [CardDefId; 4],
    pub bench: Vec<CardDefId>,
    /// The main deck, one entry per copy, in list order (it is shuffled at setup, CR 200.5).
    pub main: Vec<CardDefId>,
}

const POSITION_LABELS: [&str; 4] = ["left", "center", "right", "back"];

impl DeckList {
    /// Parses the plain-text list: `Left: Tara`, `Center: …`, `Right: …`, `Back: …`, `Bench: Carter` lines,
    /// then `3 Usher` (or `3x Usher`) lines for the main deck. `#` starts a comment; a `Name:` line names the deck.
    pub fn parse_text(text: &str) -> Result<DeckList, Vec<Rejection>> {
        let mut list = DeckList::default();
        let mut seen = [false; 4];
        let mut errors = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some((label, rest)) = line.split_once(':') {
                let label = label.trim().to_ascii_lowercase();
                let rest = rest.trim().to_string();
                if let Some(i) = POSITION_LABELS.iter().position(|p| *p == label) {
                    list.heroes[i] = rest;
                    seen[i] = true;
                } else if label == "bench" {
                    list.bench.push(rest);
                } else if label == "name" || label == "deck" {
                    list.name = rest;
                } else {
                    errors.push(Rejection::new(
                        "deck_text_unknown_label",
                        "CR 101.1",
                        format!(
                            "line {}: unknown label {label:?} (use Left, Center, Right, Back, Bench or Name)",
                            n + 1
                        ),
                    ));
                }
                continue;
            }
            let (count, name) = match line.split_once(char::is_whitespace) {
                Some((c, name)) => (c.trim_end_matches(['x', 'X']).parse::<u8>().ok(), name.trim()),
                None => (None, line),
            };
            match count {
                Some(count) if count > 0 => list.main.push(DeckEntry { count, card: name.to_string() }),
                _ => errors.push(Rejection::new(
                    "deck_text_bad_line",
                    "CR 101.3",
                    format!("line {}: expected `<count> <card name>`, got {line:?}", n + 1),
                )),
            }
        }
        for (i, s) in seen.iter().enumerate() {
            if !s {
                errors.push(Rejection::new(
                    "deck_missing_hero_position",
                    "CR 200.2",
                    format!(
                        "no hero placed in {} position (add a `{}: <hero>` line)",
                        POSITION_LABELS[i],
                        cap(POSITION_LABELS[i])
                    ),
                ));
            }
        }
        if errors.is_empty() { Ok(list) } else { Err(errors) }
    }

    /// The plain-text form that [`DeckList::parse_text`] reads back.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if !self.name.is_empty() {
            out.push_str(&format!("Name: {}\n", self.name));
        }
        for (i, h) in self.heroes.iter().enumerate() {
            out.push_str(&format!("{}: {}\n", cap(POSITION_LABELS[i]), h));
        }
        for b in &self.bench {
            out.push_str(&format!("Bench: {b}\n"));
        }
        for e in &self.main {
            out.push_str(&format!("{} {}\n", e.count, e.card));
        }
        out
    }

    /// Checks the Standard format deck restrictions (CR 101); every violation is reported with its rule.
    pub fn validate(&self) -> Result<ValidDeck, Vec<Rejection>> {
        let cat = catalogue();
        let mut errors = Vec::new();
        let resolve = |name: &str, errors: &mut Vec<Rejection>| -> Option<CardDefId> {
            let found = cat.find(name);
            if found.is_none() {
                errors.push(Rejection::new("unknown_card", "CR 100.1", format!("no card named {name:?}")));
            }
            found
        };
        let mut heroes = Vec::new();
        for (i, name) in self.heroes.iter().enumerate() {
            if let Some(id) = resolve(name, &mut errors) {
                if id.def().kind != CardKind::Hero {
                    errors.push(Rejection::new(
                        "not_a_hero",
                        "CR 300.1",
                        format!("{} is not a hero and cannot stand in {} position", id.name(), POSITION_LABELS[i]),
                    ));
                }
                heroes.push(id);
            }
        }
        let mut bench = Vec::new();
        for name in &self.bench {
            if let Some(id) = resolve(name, &mut errors) {
                if id.def().kind != CardKind::Hero {
                    errors.push(Rejection::new(
                        "not_a_hero",
                        "CR 405.2",
                        format!("{} is not a hero and cannot be benched", id.name()),
                    ));
                }
                bench.push(id);
            }
        }
        if self.bench.len() > 4 {
            errors.push(Rejection::new(
                "too_many_heroes",
                "CR 101.1b",
                format!("the bench holds at most 4 heroes, this list has {}", self.bench.len()),
            ));
        }
        let mut all_heroes: Vec<CardDefId> = heroes.iter().chain(bench.iter()).copied().collect();
        all_heroes.sort();
        for w in all_heroes.windows(2) {
            if w[0] == w[1] {
                errors.push(Rejection::new(
                    "duplicate_hero",
                    "CR 101.2",
                    format!("{} appears more than once among the heroes", w[0].name()),
                ));
            }
        }
        let mut main = Vec::new();
        let mut counts: Vec<(CardDefId, u32)> = Vec::new();
        for e in &self.main {
            let Some(id) = resolve(&e.card, &mut errors) else {
                continue;
            };
            if id.def().kind == CardKind::Hero {
                errors.push(Rejection::new(
                    "hero_in_main_deck",
                    "CR 300.1",
                    format!("{} is a hero and cannot be in the main deck", id.name()),
                ));
                continue;
            }
            match counts.iter_mut().find(|(c, _)| *c == id) {
                Some((_, n)) => *n += e.count as u32,
                None => counts.push((id, e.count as u32)),
            }
            main.extend(std::iter::repeat_n(id, e.count as usize));
        }
        if main.len() != 50 && errors.iter().all(|e| e.code != "unknown_card") {
            errors.push(Rejection::new(
                "main_deck_size",
                "CR 101.3",
                format!("the main deck must have exactly 50 cards, this one has {}", main.len()),
            ));
        }
        let mut stars = 0u32;
        for (id, n) in &counts {
            let def = id.def();
            if matches!(def.kind, CardKind::Blend | CardKind::Action) && *n > 3 {
                errors.push(Rejection::new(
                    "too_many_copies",
                    "CR 101.4",
                    format!("at most 3 copies of {} are allowed, this list has {n}", def.name),
                ));
            }
            if def.is_special_gem() && *n > 1 {
                errors.push(Rejection::new(
                    "too_many_special_gems",
                    "CR 101.7",
                    format!("at most 1 copy of the special gem {} is allowed", def.name),
                ));
            }
            if def.kind == CardKind::Action {
                stars += def.stars as u32 * n;
            }
        }
        if stars > 5 {
            errors.push(Rejection::new(
                "too_many_stars",
                "CR 101.6",
                format!("a deck may have at most 5 stars among its actions, this one has {stars}"),
            ));
        }
        if errors.is_empty() {
            Ok(ValidDeck { heroes: [heroes[0], heroes[1], heroes[2], heroes[3]], bench, main })
        } else {
            Err(errors)
        }
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

impl Position {
    pub fn label(self) -> &'static str {
        POSITION_LABELS[self.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> DeckList {
        crate::decks::preconstructed_deck("fire-and-wind").unwrap()
    }

    fn codes(deck: &DeckList) -> Vec<(&'static str, &'static str)> {
        deck.validate().err().unwrap_or_default().into_iter().map(|r| (r.code, r.rule)).collect()
    }

    fn set_count(deck: &mut DeckList, card: &str, count: u8) {
        deck.main.retain(|e| !e.card.eq_ignore_ascii_case(card));
        if count > 0 {
            deck.main.push(DeckEntry { count, card: card.into() });
        }
    }

    /// Each violation names its rule: the main deck's size (CR 101.3c), at most 3 copies of a blend or action
    /// (CR 302.1a, 303.1a), at most 5 stars (CR 303.2, 620.2), the heroes (CR 101.1, 405.2a), and names.
    #[test]
    fn each_violation_names_its_rule() {
        let mut d = base();
        set_count(&mut d, "Pyrogem", 11);
        assert_eq!(codes(&d), [("main_deck_size", "CR 101.3")]);

        let mut d = base();
        set_count(&mut d, "Chaser", 4);
        set_count(&mut d, "Pyrogem", 9);
        assert_eq!(codes(&d), [("too_many_copies", "CR 101.4")]);

        let mut d = base();
        set_count(&mut d, "Block Attack", 3); // 2 stars each: 6 + Stun 1 + Invert 1 = 8
        set_count(&mut d, "Pyrogem", 8);
        assert_eq!(codes(&d), [("too_many_stars", "CR 101.6")]);

        let mut d = base();
        d.bench.push("Claire".into());
        assert_eq!(codes(&d), [("duplicate_hero", "CR 101.2")]);

        let mut d = base();
        d.bench = vec!["Carter".into(), "Elaine".into(), "Devin".into(), "Matthew".into(), "Kula".into()];
        assert!(codes(&d).contains(&("too_many_heroes", "CR 101.1b")));

        let mut d = base();
        d.heroes[0] = "Usher".into();
        assert!(codes(&d).contains(&("not_a_hero", "CR 300.1")));

        let mut d = base();
        set_count(&mut d, "Pyrogem", 9);
        d.main.push(DeckEntry { count: 1, card: "Tara".into() });
        assert!(codes(&d).contains(&("hero_in_main_deck", "CR 300.1")));

        let mut d = base();
        d.main.push(DeckEntry { count: 1, card: "Pyrogemm".into() });
        assert_eq!(codes(&d), [("unknown_card", "CR 100.1")]);
    }

    /// What CR 101 allows: no bench at all (CR 101.1a), a main deck of one basic gem (CR 101.3b, 101.5), and no
    /// stars (CR 101.6c, 303.2c) or exactly 5 beside 0-star actions (CR 101.6b, 101.6d, 303.2a, 303.2b, 620.1).
    #[test]
    fn what_the_deck_rules_allow() {
        let mut d = base();
        d.bench.clear();
        d.main = vec![DeckEntry { count: 50, card: "Pyrogem".into() }];
        assert_eq!(codes(&d), []);

        let mut d = base();
        for starred in ["Block Attack", "Stun", "Invert"] {
            set_count(&mut d, starred, 0);
        }
        set_count(&mut d, "Pyrogem", 13);
        assert_eq!(codes(&d), []);

        let mut d = base();
        set_count(&mut d, "Stun", 2); // Block Attack 2 + Stun 2 × 1 + Invert 1 = 5 stars, with 3 Rotate
        set_count(&mut d, "Pyrogem", 9);
        assert_eq!(codes(&d), []);
    }

    #[test]
    fn text_lists_report_bad_lines_and_missing_positions() {
        let errors = DeckList::parse_text("Left: Tara\nthree Usher\nColour: red\n").unwrap_err();
        let codes: Vec<_> = errors.iter().map(|e| e.code).collect();
        assert_eq!(
            codes,
            [
                "deck_text_bad_line",
                "deck_text_unknown_label",
                "deck_missing_hero_position",
                "deck_missing_hero_position",
                "deck_missing_hero_position"
            ]
        );
        let d = DeckList::parse_text("Left: Tara\nCenter: Kula\nRight: Claire\nBack: Elaine\n3x Usher").unwrap();
        assert_eq!(d.main, [DeckEntry { count: 3, card: "Usher".into() }]);
    }
}
