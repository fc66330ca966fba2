//! The zones one player owns: field (four heroes with their gems, blend, attachments), hand, deck, discard,
//! bench and action meter (CR 400–406).
use crate::cards::{CardDefId, GemType};
use crate::ids::{CardId, Position};

/// One physical card where it is now: its catalogue entry and its current handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub id: CardId,
    pub def: CardDefId,
}

/// A hero stack: the hero card with everything that travels with it (CR 612.1b).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hero {
    pub card: Card,
    pub gems: Vec<Card>,
    pub blend: Option<Card>,
    /// Cards attached by a hero effect (CR 406); part of the blend, not on the field (CR 406.1).
    pub attached: Vec<Card>,
    /// The effect that attached them: when the hero no longer has it, they are discarded (CR 406.2, 604.2).
    pub attached_by: Option<CardDefId>,
    /// Heroes are placed face down and flipped after mulligans (CR 200.2, 200.7).
    pub face_down: bool,
}

/// By hand rather than derived: `attached_by` joins the hash only when set, so every state that could exist before
/// attachments hashes as it did, and match records written then still verify (`tests/old_records.rs`).
impl std::hash::Hash for Hero {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let Hero { card, gems, blend, attached, attached_by, face_down } = self;
        card.hash(h);
        gems.hash(h);
        blend.hash(h);
        attached.hash(h);
        face_down.hash(h);
        if let Some(by) = attached_by {
            by.hash(h);
        }
    }
}

impl Hero {
    pub fn new(card: Card) -> Self {
        Hero { card, gems: Vec::new(), blend: None, attached: Vec::new(), attached_by: None, face_down: true }
    }
    pub fn is_blended(&self) -> bool {
        self.blend.is_some()
    }
    /// The gem types this hero counts for blending and activation (CR 302.3, 600).
    pub fn gem_types(&self) -> impl Iterator<Item = GemType> + '_ {
        crate::cards::catalogue().gem_types(&self.gems)
    }
    pub fn has_gem(&self) -> bool {
        !self.gems.is_empty()
    }
    pub fn level(&self) -> u8 {
        self.card.def.def().level
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerState {
    /// Indexed by `Position::index()`: left, center, right, back.
    pub field: [Hero; 4],
    pub hand: Vec<Card>,
    /// The top of the deck is the last element.
    pub deck: Vec<Card>,
    pub discard: Vec<Card>,
    /// Face-down heroes (CR 405).
    pub bench: Vec<Card>,
    /// Played actions, in order (CR 401).
    pub meter: Vec<Card>,
    /// 5 unless an effect changes it (CR 401.2).
    pub meter_slots: u8,
    pub hp: u16,
    pub rounds_won: u8,
    pub mulliganed: bool,
    /// How many of this player's turns have begun; 1 during their first turn.
    pub turns_started: u32,
    /// The allotted gem of this turn was played (CR 301.2).
    pub allotted_gem_used: bool,
    /// The one attack of this turn was declared (CR 203.1a).
    pub attacked_this_turn: bool,
    /// The number of this player's turn before the current one (Burn Fowl's "since your last turn").
    pub previous_turn: u32,
    /// The number of the turn in which this player last played an action.
    pub last_action_turn: Option<u32>,
    /// Effects used this turn whose text says "once during your first turn" (Matthew, CR 500.8a).
    pub first_turn_phrase_uses: u8,
    /// The number of this player's current (or last) turn.
    pub current_turn: u32,
    /// The free-for-all's meter thresholds this player's HP has gone under, one bit per `Rules::meter_thresholds`
    /// entry; each empties the meter once (MP-20). Always 0 in the two-player game.
    pub meter_passed: u8,
    /// How this player left a free-for-all (MP-23, MP-29); `None` while living, and always in the two-player game.
    pub eliminated: Option<super::Elimination>,
}

/// By hand rather than derived: the free-for-all's `meter_passed` and `eliminated` join the hash only once set, so a
/// two-player state hashes exactly as before they existed and stored match records still verify
/// (`tests/old_records.rs`, plan constraint 2).
impl std::hash::Hash for PlayerState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let PlayerState {
            field,
            hand,
            deck,
            discard,
            bench,
            meter,
            meter_slots,
            hp,
            rounds_won,
            mulliganed,
            turns_started,
            allotted_gem_used,
            attacked_this_turn,
            previous_turn,
            last_action_turn,
            first_turn_phrase_uses,
            current_turn,
            meter_passed,
            eliminated,
        } = self;
        field.hash(h);
        hand.hash(h);
        deck.hash(h);
        discard.hash(h);
        bench.hash(h);
        meter.hash(h);
        meter_slots.hash(h);
        hp.hash(h);
        rounds_won.hash(h);
        mulliganed.hash(h);
        turns_started.hash(h);
        allotted_gem_used.hash(h);
        attacked_this_turn.hash(h);
        previous_turn.hash(h);
        last_action_turn.hash(h);
        first_turn_phrase_uses.hash(h);
        current_turn.hash(h);
        if *meter_passed != 0 {
            meter_passed.hash(h);
        }
        if let Some(e) = eliminated {
            e.hash(h);
        }
    }
}

impl PlayerState {
    pub fn new(heroes: [Card; 4], bench: Vec<Card>, deck: Vec<Card>) -> Self {
        PlayerState {
            field: heroes.map(Hero::new),
            hand: Vec::new(),
            deck,
            discard: Vec::new(),
            bench,
            meter: Vec::new(),
            meter_slots: 5,
            hp: 20,
            rounds_won: 0,
            mulliganed: false,
            turns_started: 0,
            allotted_gem_used: false,
            attacked_this_turn: false,
            previous_turn: 0,
            last_action_turn: None,
            first_turn_phrase_uses: 0,
            current_turn: 0,
            meter_passed: 0,
            eliminated: None,
        }
    }
    /// The player of a seat the match does not have (see `MatchState`'s `Players`): empty zones and four face-down
    /// placeholders for heroes, handle 0 (never issued: handles count from 1), so the seat can be held in place
    /// without an allocation or a test on every access.
    pub(crate) fn absent() -> Self {
        let nobody = Card { id: CardId(0), def: CardDefId(0) };
        PlayerState::new([nobody; 4], Vec::new(), Vec::new())
    }
    pub fn hero(&self, pos: Position) -> &Hero {
        &self.field[pos.index()]
    }
    pub fn meter_full(&self) -> bool {
        self.meter.len() >= self.meter_slots as usize
    }
    /// Cards in every zone, heroes included; constant for the whole match.
    pub fn card_count(&self) -> usize {
        let field: usize =
            self.field.iter().map(|h| 1 + h.gems.len() + h.blend.is_some() as usize + h.attached.len()).sum();
        field + self.hand.len() + self.deck.len() + self.discard.len() + self.bench.len() + self.meter.len()
    }
    /// How many copies of each catalogue entry this player has anywhere, for the conservation invariant.
    pub fn card_census(&self) -> Vec<u16> {
        let mut census = vec![0u16; crate::cards::catalogue().cards.len()];
        for h in &self.field {
            census[h.card.def.0 as usize] += 1;
            for c in h.gems.iter().chain(h.blend.iter()).chain(h.attached.iter()) {
                census[c.def.0 as usize] += 1;
            }
        }
        for zone in [&self.hand, &self.deck, &self.discard, &self.bench, &self.meter] {
            for c in zone {
                census[c.def.0 as usize] += 1;
            }
        }
        census
    }

    /// Every card's catalogue entry, sorted.
    pub fn all_defs(&self) -> Vec<CardDefId> {
        let mut out = Vec::with_capacity(64);
        for h in &self.field {
            out.push(h.card.def);
            out.extend(h.gems.iter().map(|c| c.def));
            out.extend(h.blend.iter().map(|c| c.def));
            out.extend(h.attached.iter().map(|c| c.def));
        }
        for zone in [&self.hand, &self.deck, &self.discard, &self.bench, &self.meter] {
            out.extend(zone.iter().map(|c| c.def));
        }
        out.sort();
        out
    }
}
