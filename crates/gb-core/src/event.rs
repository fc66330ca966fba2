//! Events: what happened, in order. An event may carry a private part (a drawn card) that only its owner sees;
//! `Event::redacted_for` strips it for everyone else.
use crate::cards::CardDefId;
use crate::ids::{CardId, Position, Seat, Viewer};
use crate::state::{Card, EliminationReason, EndReason};
use serde::Serialize;

/// A card as a viewer sees it: its current handle and what it is.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct CardView {
    pub id: CardId,
    /// Catalogue slug, e.g. `"usher"`. No name beside it: every client holds the catalogue and looks the name up
    /// by slug (about 16 bytes a card on the wire, and most update frames carry a card; issue 14).
    #[cfg_attr(feature = "ts", ts(type = "string"))]
    pub card: CardSlug,
}

impl From<Card> for CardView {
    fn from(c: Card) -> Self {
        CardView { id: c.id, card: CardSlug(c.def) }
    }
}

/// The card of a [`CardView`]: its catalogue index, written as the catalogue slug. A view carries dozens of cards
/// and is built for every viewer after every intent; the index makes a `CardView` 8 bytes where a slug reference
/// made it 24 (issue 14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardSlug(pub CardDefId);

impl CardSlug {
    /// The catalogue slug, e.g. `"usher"`.
    pub fn slug(self) -> &'static str {
        &self.0.def().id
    }
}

impl Serialize for CardSlug {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeblendReason {
    /// The player chose to (CR 302.5).
    Chosen,
    /// Deblend-to-block (CR 610).
    Block,
    /// The blend's gem requirement is no longer met (CR 302.6).
    GemsLost,
    /// The hero was substituted (CR 621.2).
    Substituted,
    /// A card effect did it.
    Effect,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// CR 200.4: the seeded draw chose who picks turn order.
    TurnOrderChooser {
        seat: Seat,
    },
    TurnOrderChosen {
        chooser: Seat,
        first: Seat,
    },
    /// An opening hand of 7 (CR 200.5); the cards only for their owner.
    HandDealt {
        seat: Seat,
        count: u8,
        cards: Option<Vec<CardView>>,
    },
    /// CR 200.6.
    Mulligan {
        seat: Seat,
        mulligan: bool,
    },
    /// CR 200.7, MP-5: every hero of every seat is flipped face up at once; one entry per seat, seat A's first.
    HeroesRevealed {
        heroes: Vec<[CardView; 4]>,
    },
    TurnStarted {
        seat: Seat,
        turn: u32,
        first_turn: bool,
    },
    /// The card only for the drawer (CR 402.2).
    CardDrawn {
        seat: Seat,
        card: Option<CardView>,
    },
    /// Drawing from an empty deck (CR 618).
    DeckedOut {
        seat: Seat,
    },
    GemEquipped {
        seat: Seat,
        hero: Position,
        gem: CardView,
        allotted: bool,
    },
    Blended {
        seat: Seat,
        hero: Position,
        blend: CardView,
    },
    Deblended {
        seat: Seat,
        hero: Position,
        blend: CardView,
        reason: DeblendReason,
    },
    Discarded {
        seat: Seat,
        card: CardView,
    },
    ActionPlayed {
        seat: Seat,
        action: CardView,
    },
    ActionResolved {
        seat: Seat,
        action: CardView,
        prevented: bool,
    },
    AttackDeclared {
        seat: Seat,
        #[cfg_attr(feature = "ts", ts(as = "Vec<crate::intent::AttackerDecl>"))]
        attackers: crate::intent::Attackers,
    },
    /// CR 204.1: a declared hero with 0 ATK does not resolve an attack.
    AttackerDropped {
        seat: Seat,
        hero: Position,
    },
    /// CR 204.3: one attacker's damage, calculated before any deblend-to-block (RULINGS.md).
    AttackDamageCalculated {
        seat: Seat,
        attacker: Position,
        target: Position,
        /// The defending player whose hero `target` is (MP-10, MP-13); left out in the two-player game.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        defender: Option<Seat>,
        atk: u16,
        def: u16,
        damage: u16,
    },
    /// CR 610.
    DeblendedToBlock {
        seat: Seat,
        hero: Position,
        attacker: Position,
    },
    Damage {
        seat: Seat,
        amount: u16,
        attack: bool,
        hp: u16,
    },
    /// CR 613.4: HP gained by a card effect, with no upper limit (`hp` is the new total).
    HpGained {
        seat: Seat,
        amount: u16,
        hp: u16,
    },
    AttackEnded {
        seat: Seat,
    },
    /// CR 204.5, 601.1a: the attacker makes `attacker`'s additional attack on `target`, without declaring again.
    AdditionalAttack {
        seat: Seat,
        attacker: Position,
        target: Position,
    },
    /// CR 601.1a: the attacker forgoes `attacker`'s remaining additional attacks.
    AdditionalAttackForgone {
        seat: Seat,
        attacker: Position,
    },
    RoundLost {
        seat: Seat,
        round: u8,
        rounds_won: [u8; 2],
    },
    /// CR 206.3: HP reset, action meters cleared.
    RoundStarted {
        round: u8,
    },
    /// CR 621: the incoming hero is revealed.
    Substituted {
        seat: Seat,
        hero: Position,
        outgoing: CardView,
        incoming: CardView,
    },
    EndPhase {
        seat: Seat,
    },
    /// An effect starts resolving (`card` names the card whose effect it is).
    EffectResolving {
        seat: Seat,
        card: &'static str,
    },
    /// An activated effect was used (CR 500.4).
    EffectUsed {
        seat: Seat,
        hero: Position,
        card: &'static str,
    },
    /// Tara: the top card was revealed (by name: a kept card enters a hidden hand, so it carries no handle),
    /// then kept or discarded.
    CardRevealed {
        seat: Seat,
        card: &'static str,
        kept: bool,
    },
    /// CR 619.1: the chosen card is shown to the opponent (by name only); `None` when nothing was taken.
    Searched {
        seat: Seat,
        card: Option<&'static str>,
    },
    DeckShuffled {
        seat: Seat,
    },
    /// Horizon Gazer: a discarded gem went back to the hand (by name only).
    ReturnedToHand {
        seat: Seat,
        card: &'static str,
    },
    /// CR 622.
    Switched {
        seat: Seat,
        a: Position,
        b: Position,
    },
    /// CR 617.
    Rotated {
        seat: Seat,
        clockwise: bool,
    },
    /// CR 603.1: the seat's heroes as they now stand (left, center, right, back), each with its whole stack.
    Arranged {
        seat: Seat,
        heroes: [CardView; 4],
    },
    /// CR 406.1a: a card attached face up under a hero (public).
    Attached {
        seat: Seat,
        hero: Position,
        card: CardView,
    },
    /// CR 302.7: a hero's LV changed; `level` is the new one.
    LevelChanged {
        seat: Seat,
        hero: Position,
        level: u8,
    },
    /// Stun, Ghost: the hero is treated as having no effect.
    EffectRemoved {
        seat: Seat,
        hero: Position,
    },
    EffectCopied {
        seat: Seat,
        hero: Position,
        card: &'static str,
    },
    /// Invert (CR 624.1c).
    Inverted {
        seat: Seat,
        hero: Position,
    },
    /// Block Attack: that attacker's damage became 0.
    AttackBlocked {
        seat: Seat,
        attacker: Position,
    },
    Conceded {
        seat: Seat,
    },
    /// MP-20: the seat's HP went under a meter threshold (`below`, the lower of two crossed by one hit) and its
    /// action meter's cards went to its discard (public: the meter was).
    MeterEmptied {
        seat: Seat,
        below: u16,
        cards: Vec<CardView>,
    },
    /// MP-23, MP-24: the seat left the free-for-all, in `place` (the number of players living just before).
    Eliminated {
        seat: Seat,
        place: u8,
        reason: EliminationReason,
    },
    GameOver {
        winner: Seat,
        reason: EndReason,
    },
    /// The seat took back its last action with its opponent's consent (docs/protocol.md, "Takeback"): the match
    /// is as it was before that action.
    TookBack {
        seat: Seat,
    },
}

impl Event {
    /// The event as `viewer` may see it.
    pub fn redacted_for(&self, viewer: Viewer) -> Event {
        match self {
            Event::HandDealt { seat, count, cards: Some(_) } if !viewer.sees_private_of(*seat) => {
                Event::HandDealt { seat: *seat, count: *count, cards: None }
            }
            Event::CardDrawn { seat, card: Some(_) } if !viewer.sees_private_of(*seat) => {
                Event::CardDrawn { seat: *seat, card: None }
            }
            other => other.clone(),
        }
    }
}

/// The events of one `apply`, in order, with their private parts. Only their redactions leave the engine.
/// Inline up to four: 99 % of intents in random play give at most four (84 % one to three, 15 % none), and a
/// `Vec` cost an allocation and its free per intent, 3 % of the engine's instructions (callgrind; issue 14).
#[derive(Clone, Debug, Default)]
pub struct Events(pub(crate) smallvec::SmallVec<[Event; 4]>);

impl Events {
    pub(crate) fn push(&mut self, e: Event) {
        self.0.push(e);
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The events as `viewer` may see them.
    pub fn for_viewer(&self, viewer: Viewer) -> Vec<Event> {
        self.0.iter().map(|e| e.redacted_for(viewer)).collect()
    }
}
