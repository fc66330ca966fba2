//! Writing a viewer kind's document (the view's fields with `legal` beside them, as `serde_json` writes them)
//! with its index, copying every player and hero that did not change since the previous document from that
//! document's text (issue 14). Most intents change one player's hand, meter or one hero, so most of the text
//! — the heroes with their cards and stat terms — was written again unchanged, for every viewer kind, after
//! every intent: once the diff stopped allocating, writing was over half of a projection.
//!
//! The fields are written in the structs' own order, as their derived `Serialize` writes them (a struct's fields
//! are destructured here without `..`, so a new field does not compile until it is written), and the test over
//! random matches holds every document to the view serialized whole.
use gb_core::Intent;
use gb_core::view::{MatchView, PlayerView};
use gb_delta::{Index, write_indexed};
use serde::Serialize;
use std::ops::Range;

/// Where a document's players and their parts lie in its text: per player, the player's span, then its parts'
/// ([`Part`]).
#[derive(Clone, Debug, Default)]
pub struct Spans(Vec<Range<usize>>);

/// The parts of a player written on their own, so that an unchanged one is copied when its player changed: the
/// four heroes, then the zones (the discard pile above all: it grows all match long and rarely changes).
#[derive(Clone, Copy)]
enum Part {
    Hero(usize),
    Hand,
    Discard,
    Bench,
    ActionMeter,
}

const PARTS: usize = 8;
const PER_PLAYER: usize = 1 + PARTS;

impl Part {
    fn slot(self) -> usize {
        match self {
            Part::Hero(h) => h,
            Part::Hand => 4,
            Part::Discard => 5,
            Part::Bench => 6,
            Part::ActionMeter => 7,
        }
    }
}

impl Spans {
    fn player(&self, i: usize) -> Option<Range<usize>> {
        self.0.get(i * PER_PLAYER).cloned()
    }
    fn part(&self, player: usize, part: Part) -> Option<Range<usize>> {
        self.0.get(player * PER_PLAYER + 1 + part.slot()).cloned()
    }
}

/// The previous document of the same viewer kind: its view (what the text says) and the text.
pub struct Prev<'a> {
    pub view: &'a MatchView,
    pub text: &'a [u8],
    pub index: &'a Index,
    pub spans: &'a Spans,
}

/// Writes `view` and `legal` as one document into the empty `text`, making `index` and `spans` its own; parts
/// equal to `prev`'s are copied from its text.
pub fn write(
    view: &MatchView,
    legal: &[Intent],
    prev: Option<Prev>,
    text: &mut Vec<u8>,
    index: &mut Index,
    spans: &mut Spans,
) {
    index.clear();
    spans.0.clear();
    let mut w = Writer { text, index };
    let MatchView {
        viewer,
        round,
        turn,
        active,
        first_player,
        phase,
        first_turn,
        players,
        pending,
        choices,
        trigger_choices,
        outcome,
        rounds,
        attack_preview,
        damage_due,
        hp_prices,
        places,
    } = view;
    w.begin("viewer", viewer);
    w.field("round", round);
    w.field("turn", turn);
    w.field("active", active);
    w.field("first_player", first_player);
    w.field("phase", phase);
    w.field("first_turn", first_turn);
    w.array("players", players, |w, i, player| {
        let old = prev.as_ref().and_then(|p| Some((p, p.view.players.get(i)?, p.spans.player(i)?)));
        let start = w.text.len();
        match old {
            Some((p, was, span)) if was == player => {
                let shift = |r: Range<usize>| r.start - span.start + start..r.end - span.start + start;
                w.copy(p, span.clone());
                spans.0.push(start..w.text.len());
                spans.0.extend((i * PER_PLAYER + 1..(i + 1) * PER_PLAYER).map(|k| shift(p.spans.0[k].clone())));
            }
            _ => {
                let at = spans.0.len();
                spans.0.push(0..0);
                write_player(w, player, old.map(|(p, was, _)| (p, was, i)), spans);
                spans.0[at] = start..w.text.len();
            }
        }
    });
    w.field("pending", pending);
    w.field("choices", choices);
    w.field("trigger_choices", trigger_choices);
    w.field("outcome", outcome);
    w.field("rounds", rounds);
    w.field("attack_preview", attack_preview);
    w.field("damage_due", damage_due);
    w.field("hp_prices", hp_prices);
    // `skip_serializing_if = "Option::is_none"`, as in the struct.
    if let Some(places) = places {
        w.field("places", places);
    }
    w.field("legal", legal);
    w.close(b'}');
}

/// A player that changed: its fields written, each of its [`Part`]s copied from `old` (the same seat's previous
/// view, the `i`th player of `prev`) when it did not change. Pushes the parts' spans, in slot order.
fn write_player(w: &mut Writer, player: &PlayerView, old: Option<(&Prev, &PlayerView, usize)>, spans: &mut Spans) {
    let mut parts = Parts { at: spans.0.len(), spans, old: old.map(|(p, _, i)| (p, i)) };
    parts.spans.0.extend(std::iter::repeat_n(0..0, PARTS));
    let was = old.map(|(_, was, _)| was);
    let PlayerView {
        seat,
        hp,
        rounds_won,
        heroes,
        hand_count,
        hand,
        deck_count,
        discard,
        bench_count,
        bench,
        action_meter,
        meter_slots,
        mulliganed,
        allotted_gem_used,
        attacked_this_turn,
        meter_passed,
        eliminated,
    } = player;
    w.begin("seat", seat);
    w.field("hp", hp);
    w.field("rounds_won", rounds_won);
    w.array("heroes", heroes, |w, h, hero| parts.write(w, Part::Hero(h), hero, was.map(|p| &p.heroes[h])));
    w.field("hand_count", hand_count);
    w.key("hand");
    parts.write(w, Part::Hand, hand, was.map(|p| &p.hand));
    w.field("deck_count", deck_count);
    w.key("discard");
    parts.write(w, Part::Discard, discard, was.map(|p| &p.discard));
    w.field("bench_count", bench_count);
    w.key("bench");
    parts.write(w, Part::Bench, bench, was.map(|p| &p.bench));
    w.key("action_meter");
    parts.write(w, Part::ActionMeter, action_meter, was.map(|p| &p.action_meter));
    w.field("meter_slots", meter_slots);
    w.field("mulliganed", mulliganed);
    w.field("allotted_gem_used", allotted_gem_used);
    w.field("attacked_this_turn", attacked_this_turn);
    if let Some(meter_passed) = meter_passed {
        w.field("meter_passed", meter_passed);
    }
    if let Some(eliminated) = eliminated {
        w.field("eliminated", eliminated);
    }
    w.close(b'}');
}

/// The [`Part`]s of the player [`write_player`] is writing: their spans go to `spans` from `at` on, and `old` is
/// the previous document with that player's index in it.
struct Parts<'s, 'p> {
    spans: &'s mut Spans,
    at: usize,
    old: Option<(&'p Prev<'p>, usize)>,
}

impl Parts<'_, '_> {
    /// Writes `new` as `part`, or copies it from the previous document when `was`, the same part there, is equal.
    fn write<T: Serialize + PartialEq>(&mut self, w: &mut Writer, part: Part, new: &T, was: Option<&T>) {
        let start = w.text.len();
        let copy = self.old.zip(was).and_then(|((p, i), was)| Some((p, p.spans.part(i, part).filter(|_| was == new)?)));
        match copy {
            Some((p, span)) => w.copy(p, span),
            None => w.value(new),
        }
        self.spans.0[self.at + part.slot()] = start..w.text.len();
    }
}

/// The text being written and its index, kept in step.
struct Writer<'w> {
    text: &'w mut Vec<u8>,
    index: &'w mut Index,
}

impl Writer<'_> {
    /// Opens an object with its first field.
    fn begin(&mut self, key: &str, value: &(impl Serialize + ?Sized)) {
        self.open(b'{');
        self.quoted(key);
        self.value(value);
    }
    /// A field after the first.
    fn field(&mut self, key: &str, value: &(impl Serialize + ?Sized)) {
        self.key(key);
        self.value(value);
    }
    /// `,"key":` (field names need no escaping).
    fn key(&mut self, key: &str) {
        self.text.push(b',');
        self.quoted(key);
    }
    fn quoted(&mut self, key: &str) {
        self.text.push(b'"');
        self.text.extend_from_slice(key.as_bytes());
        self.text.extend_from_slice(b"\":");
    }
    fn value(&mut self, value: &(impl Serialize + ?Sized)) {
        write_indexed(value, self.text, self.index);
    }
    /// `,"key":[…]`, each item written by `each` (given its position).
    fn array<T>(&mut self, key: &str, items: &[T], mut each: impl FnMut(&mut Self, usize, &T)) {
        self.key(key);
        self.open(b'[');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.text.push(b',');
            }
            each(self, i, item);
        }
        self.close(b']');
    }
    fn open(&mut self, bracket: u8) {
        self.index.open(self.text.len());
        self.text.push(bracket);
    }
    fn close(&mut self, bracket: u8) {
        self.text.push(bracket);
        self.index.close(self.text.len());
    }
    /// Copies the whole value at `span` of `prev`'s text, with its index.
    fn copy(&mut self, prev: &Prev, span: Range<usize>) {
        self.index.copy_part(prev.index, span.clone(), self.text.len());
        self.text.extend_from_slice(&prev.text[span]);
    }
}
