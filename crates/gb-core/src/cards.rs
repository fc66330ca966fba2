//! The card catalogue: every card's stats and text, loaded from `data/cards.json` (data, not code).
//!
//! Cards are referred to inside the engine by [`CardDefId`], an index into the catalogue. The catalogue is
//! parsed once and shared; states only ever hold the small index.
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The nine basic gem types (CR 301.5). Spelled Aquagem everywhere (RULINGS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GemType {
    Aquagem,
    Terragem,
    Pyrogem,
    Cryogem,
    Electrogem,
    Aerogem,
    Caprogem,
    Luciogem,
    Nocturnagem,
}

impl GemType {
    pub const ALL: [GemType; 9] = [
        GemType::Aquagem,
        GemType::Terragem,
        GemType::Pyrogem,
        GemType::Cryogem,
        GemType::Electrogem,
        GemType::Aerogem,
        GemType::Caprogem,
        GemType::Luciogem,
        GemType::Nocturnagem,
    ];
}

/// The four kinds of card (CR 300–303).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardKind {
    Hero,
    Blend,
    Action,
    Gem,
}

/// Which parts of a hero need an activation gem (CR 300.5, 600).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Activation {
    Atk,
    Def,
    Effect,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EffectText {
    pub name: Option<String>,
    pub text: String,
    /// What the effect does, in the vocabulary of `effects::program` (CR 500).
    #[serde(default, skip_serializing)]
    pub program: Option<crate::effects::program::Program>,
}

/// One card of the catalogue, as written in `data/cards.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDef {
    /// Stable slug, e.g. `"usher"`.
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: CardKind,
    /// Heroes: their LV (CR 300.4). Blends: the number of gems required (CR 302.2).
    #[serde(default)]
    pub level: u8,
    #[serde(default)]
    pub atk: u8,
    #[serde(default)]
    pub def: u8,
    #[serde(default)]
    pub activation: Vec<Activation>,
    /// A blend's gem requirement (CR 302.2).
    #[serde(default)]
    pub gems: Vec<GemType>,
    /// `gems` counted by type (`GemType as usize`), worked out when the catalogue loads: what a hero's gem pool is
    /// checked against (`GemPool::meets_counts`) for every blend card in hand and every hero (issue 14).
    #[serde(skip)]
    pub gem_need: crate::effects::gems::GemCounts,
    /// Whether its effect is a static that gives the other heroes invisible gems (Fine Dining, CR 614), worked out
    /// when the catalogue loads: every seat's field asks it of each hero's effect (issue 14).
    #[serde(skip)]
    pub gives_invisible_gems: bool,
    /// An action's stars (CR 620).
    #[serde(default)]
    pub stars: u8,
    /// Timed actions (CR 623).
    #[serde(default)]
    pub timed: bool,
    /// A gem card's type (CR 301.5).
    #[serde(default)]
    pub gem_type: Option<GemType>,
    /// `"basic gem"` or `"special gem"` (CR 101.7).
    #[serde(default)]
    pub subtype: Option<String>,
    #[serde(default)]
    pub effect: Option<EffectText>,
    #[serde(default)]
    pub flavor: Option<String>,
    #[serde(default)]
    pub collector: Option<String>,
    #[serde(default)]
    pub cited_in: Vec<String>,
}

impl CardDef {
    pub fn is_special_gem(&self) -> bool {
        self.kind == CardKind::Gem && self.subtype.as_deref() == Some("special gem")
    }
    pub fn needs_activation(&self, what: Activation) -> bool {
        self.activation.contains(&what)
    }
}

/// Index of a card in the catalogue. Never a per-copy identity: two Ushers share one `CardDefId`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardDefId(pub u16);

impl CardDefId {
    pub fn def(self) -> &'static CardDef {
        &catalogue().cards[self.0 as usize]
    }
    pub fn name(self) -> &'static str {
        &self.def().name
    }
}

#[derive(Debug, Deserialize)]
pub struct Catalogue {
    pub set: String,
    pub cards: Vec<CardDef>,
    /// How many of `cards` are shipped: the rest (test builds only) are the test cards of `test-cards/cards.json`.
    #[serde(skip)]
    pub shipped: usize,
    /// Every card's name and slug as written, with what [`Catalogue::find`]'s scan gives for it: a deck list names
    /// cards as the catalogue writes them, and each match validates both decks (the scan was 2 % of a random
    /// match's instructions, issue 14).
    #[serde(skip)]
    by_name: std::collections::HashMap<String, CardDefId, std::hash::BuildHasherDefault<Fnv>>,
    /// Each card's `gem_type`, by index, packed together: a hero's gem pool reads its gems' types after every step
    /// (CR 302.6), and reading each from its whole card entry was most of that in time (issue 14).
    #[serde(skip)]
    gem_types: Vec<Option<GemType>>,
}

/// FNV-1a, for the catalogue's name index: its keys are a hundred short names fixed at build time, where the
/// default SipHash (built to resist chosen keys) was most of a lookup.
#[derive(Default)]
struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { 0xcbf2_9ce4_8422_2325 } else { self.0 };
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Catalogue {
    /// Looks a card up by name or slug, ignoring case (deck lists are typed by people).
    pub fn find(&self, name: &str) -> Option<CardDefId> {
        let wanted = name.trim();
        let found = self.by_name.get(wanted).copied().or_else(|| self.scan(wanted));
        // A test card is found only where test cards are in use (`test_cards`): never in a deck list a server reads.
        found.filter(|id| (id.0 as usize) < self.shipped || test_cards::in_use())
    }

    /// [`Catalogue::find`] by comparing `wanted` with every card.
    fn scan(&self, wanted: &str) -> Option<CardDefId> {
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(wanted) || c.id.eq_ignore_ascii_case(wanted))
            .map(|i| CardDefId(i as u16))
    }

    /// The types of `cards`, gem cards (CR 301.5), as `CardDef::gem_type` gives each.
    pub fn gem_types<'a>(&'a self, cards: &'a [crate::state::Card]) -> impl Iterator<Item = GemType> + 'a {
        cards.iter().filter_map(|c| self.gem_types[c.def.0 as usize])
    }

    /// The shipped cards (never the test cards).
    pub fn ids(&self) -> impl Iterator<Item = CardDefId> + '_ {
        (0..self.shipped).map(|i| CardDefId(i as u16))
    }
}

const CARDS_JSON: &str = include_str!("../data/cards.json");

/// The catalogue, parsed on first use. The file is compiled in: the product never reads card data at run time.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| {
        let mut cat: Catalogue = serde_json::from_str(CARDS_JSON).expect("data/cards.json is checked by tests");
        cat.shipped = cat.cards.len();
        // Test builds know the test cards too, after the shipped ones (so shipped indices never move): they state
        // mechanics no shipped card uses yet (their scenarios are under `test-cards/scenarios/`).
        #[cfg(any(test, feature = "test-cards"))]
        {
            let test: Catalogue = serde_json::from_str(TEST_CARDS_JSON).expect("test-cards/cards.json parses");
            cat.cards.extend(test.cards);
        }
        for c in &mut cat.cards {
            c.gem_need = crate::effects::gems::counts(&c.gems);
            c.gives_invisible_gems = c.effect.as_ref().and_then(|e| e.program.as_ref()).is_some_and(|p| {
                use crate::effects::program::{Program, Static};
                matches!(p, Program::Static { statics, .. }
                    if statics.iter().any(|s| matches!(s, Static::InvisibleGemsPerStar { .. })))
            });
        }
        let names = cat.cards.iter().flat_map(|c| [c.name.clone(), c.id.clone()]).collect::<Vec<_>>();
        cat.gem_types = cat.cards.iter().map(|c| c.gem_type).collect();
        cat.by_name = names.into_iter().filter_map(|n| cat.scan(&n).map(|id| (n, id))).collect();
        cat
    })
}

/// Cards that exist only in gb-core's own tests and, with the `test-cards` feature, in `gb scenario run`; never
/// shipped (`docs/scenarios.md`, "Test cards").
#[cfg(any(test, feature = "test-cards"))]
const TEST_CARDS_JSON: &str = include_str!("../test-cards/cards.json");

/// Whether the test cards may be named on this thread. gb-core's own tests may always name them; a build with the
/// `test-cards` feature (`gb scenario run`) only while a scenario that asks for them runs (`Scenario::test_cards`);
/// other builds do not have them at all.
pub mod test_cards {
    use std::cell::Cell;

    /// Whether this build has the test cards in its catalogue.
    pub const BUILT_IN: bool = cfg!(any(test, feature = "test-cards"));

    thread_local! {
        static IN_USE: Cell<bool> = const { Cell::new(cfg!(test)) };
    }

    pub(crate) fn in_use() -> bool {
        IN_USE.with(Cell::get)
    }

    /// Lets this thread name the test cards (or not) until the guard is dropped.
    pub fn allow(allowed: bool) -> Guard {
        Guard(IN_USE.with(|c| c.replace(allowed)))
    }

    /// Puts back what was allowed before.
    pub struct Guard(bool);

    impl Drop for Guard {
        fn drop(&mut self) {
            IN_USE.with(|c| c.set(self.0));
        }
    }
}

/// Looks a card up by name; panics only on names written into the engine's own code and tests.
pub fn card(name: &str) -> CardDefId {
    catalogue().find(name).unwrap_or_else(|| panic!("no card named {name:?} in the catalogue"))
}

/// The raw catalogue JSON, for servers that publish the card gallery.
pub fn catalogue_json() -> &'static str {
    CARDS_JSON
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The card rules (CR 300–303) hold for every card in the catalogue.
    #[test]
    fn every_card_obeys_the_card_rules() {
        let cat = catalogue();
        assert!(cat.cards.len() >= 48);
        for c in &cat.cards {
            match c.kind {
                CardKind::Hero => {
                    assert!(c.level >= 1 && c.gems.is_empty(), "{}: CR 300.4", c.name)
                }
                // CR 302.2: a blend's LV equals the number of gems in its requirement.
                CardKind::Blend => {
                    assert_eq!(c.level as usize, c.gems.len(), "{}: CR 302.2", c.name)
                }
                CardKind::Action => {
                    assert!(c.stars <= 5 && c.effect.is_some(), "{}: CR 303", c.name)
                }
                CardKind::Gem => assert!(c.gem_type.is_some() && c.subtype.is_some(), "{}: CR 301.5", c.name),
            }
        }
        let mut names: Vec<_> = cat.cards.iter().map(|c| c.name.to_lowercase()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), cat.cards.len(), "card names are unique");
    }

    /// The name index answers as the scan does, for every name and slug as written, in other cases and padded.
    #[test]
    fn find_answers_as_the_scan_does() {
        let cat = catalogue();
        for c in &cat.cards {
            for n in [c.name.clone(), c.id.clone(), c.name.to_uppercase(), format!("  {} ", c.id.to_lowercase())] {
                assert_eq!(cat.find(&n), cat.scan(n.trim()), "{n:?}");
                assert!(cat.find(&n).is_some(), "{n:?}");
            }
        }
        assert_eq!(cat.find("no such card"), None);
    }

    fn text(c: &CardDef) -> Option<(Option<&str>, &str)> {
        c.effect.as_ref().map(|e| (e.name.as_deref(), e.text.as_str()))
    }

    /// CR 406.1b: cards may not be attached except by hero effects, so no action or gem carries an attach step.
    #[test]
    fn only_hero_effects_attach() {
        for c in &catalogue().cards {
            if let Some(p) = c.effect.as_ref().and_then(|e| e.program.as_ref()) {
                assert_eq!(p.invalid_for(c.kind), None, "{}", c.name);
            }
        }
        let action: crate::effects::program::Program =
            serde_json::from_str(r#"{"kind": "action", "steps": [{"op": "attach_top_of_deck"}]}"#).unwrap();
        let refused = action.invalid_for(CardKind::Action).expect("an action may not attach");
        assert!(refused.starts_with("CR 406.1b"), "{refused}");
        assert_eq!(action.invalid_for(CardKind::Blend), None);
    }

    /// Every card with an effect text carries a program for it, and only those do.
    #[test]
    fn every_effect_has_a_program() {
        for c in &catalogue().cards {
            if let Some(e) = &c.effect {
                assert!(e.program.is_some(), "{} has no program for its effect", c.name);
            }
        }
    }

    /// Test-only: the project's catalogue matches the published starter set (copied into `docs/cards/`) stat for
    /// stat.
    #[test]
    fn catalogue_matches_the_starter_set() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards/starter-set.json");
        let json = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let shared: Catalogue = serde_json::from_str(&json).unwrap();
        for s in &shared.cards {
            let ours = catalogue().find(&s.name).unwrap_or_else(|| panic!("missing {}", s.name)).def();
            assert_eq!(
                (ours.kind, ours.level, ours.atk, ours.def, &ours.gems, ours.stars, ours.timed, text(ours)),
                (s.kind, s.level, s.atk, s.def, &s.gems, s.stars, s.timed, text(s)),
                "{}",
                s.name
            );
        }
    }
}
