//! The patch from one version of a viewer kind's document to the next, found by walking the two typed views
//! (issue 14). The document is the view's fields with `legal` beside them, as [`Doc`] writes it; `gb_delta::diff`
//! over the two documents is the reference, and the random-match tests hold every patch to it.
//!
//! The walk compares the views, players and heroes field by field and writes only what changed: a changed field's
//! old and new values are handed to `gb_delta::Parts::diff`, which diffs just their texts. It does what `diff`
//! does at each object and array above them: removed members first, then every member in key order (a
//! `serde_json::Map`'s order, so each object's fields are listed here sorted by name, not in the struct's
//! order), an array of the same length element by element, and at each container the rule that turns two ops or
//! more into one `replace` when that is shorter. Before, each version's whole document was written (unchanged
//! players and heroes copied from the last one's text) and the two texts diffed: two thirds of a projection.
//!
//! Each struct is destructured without `..`, so a field added to the view does not compile until it is walked.
use gb_core::stats::StatTerm;
use gb_core::view::{Decision, HeroView, MatchView, PendingView, PlayerView};
use gb_core::{CardView, Intent};
use gb_delta::Parts;
use serde::Serialize;
use std::fmt::Write;
use std::sync::OnceLock;

/// The document as it is sent in full: the view's fields with `legal` beside them (one level less in every patch
/// path than `{"view": …, "legal": …}`; `MatchView` has no field of that name).
pub(super) struct Doc<'a> {
    pub view: &'a MatchView,
    pub legal: &'a [Intent],
}

/// What `#[serde(flatten)]` of the view would write, written as a plain struct: serde serializes a flattened
/// struct through its map path, field by field, and measuring the whole document for `diff`'s container rule
/// was a sixth of a projection that way (issue 14). The tests hold it to the flattened form.
impl Serialize for Doc<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
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
        } = self.view;
        let mut doc = s.serialize_struct("Doc", 19)?;
        doc.serialize_field("viewer", viewer)?;
        doc.serialize_field("round", round)?;
        doc.serialize_field("turn", turn)?;
        doc.serialize_field("active", active)?;
        doc.serialize_field("first_player", first_player)?;
        doc.serialize_field("phase", phase)?;
        doc.serialize_field("first_turn", first_turn)?;
        doc.serialize_field("players", players)?;
        doc.serialize_field("pending", pending)?;
        doc.serialize_field("choices", choices)?;
        doc.serialize_field("trigger_choices", trigger_choices)?;
        doc.serialize_field("outcome", outcome)?;
        doc.serialize_field("rounds", rounds)?;
        doc.serialize_field("attack_preview", attack_preview)?;
        doc.serialize_field("damage_due", damage_due)?;
        doc.serialize_field("hp_prices", hp_prices)?;
        // `skip_serializing_if = "Option::is_none"`, as in the view.
        match places {
            Some(places) => doc.serialize_field("places", places)?,
            None => doc.skip_field("places")?,
        }
        doc.serialize_field("legal", self.legal)?;
        doc.end()
    }
}

/// Writes into `parts` the patch that turns `old`'s document into `new`'s.
pub(super) fn diff(old: &Doc, new: &Doc, parts: &mut Parts) {
    Walk { parts, path: String::with_capacity(64), keys: 0 }.doc(old, new);
}

/// Whether the least lengths the walk assumes hold for `doc`'s text and its players' and heroes'.
#[cfg(test)]
pub(super) fn least_lengths_hold(doc: &Doc) -> bool {
    fn len<T: Serialize + ?Sized>(value: &T) -> usize {
        serde_json::to_vec(value).expect("views serialize").len()
    }
    let players = &doc.view.players;
    let heroes = || players.iter().flat_map(|p| &p.heroes);
    let terms = heroes().flat_map(|h| h.atk_terms.iter().chain(&h.def_terms));
    let cards = heroes().flat_map(|h| h.gems.iter().chain(&h.attached)).chain(players.iter().flat_map(|p| &p.discard));
    terms.into_iter().all(|t| least_term(t) <= len(t))
        && cards.into_iter().all(|c| least_card(c) <= len(c))
        && heroes().all(|h| least_hero(h) <= len(h))
        && players.iter().all(|p| least_player(p) <= len(p))
        && Walk::keys_of(|w| w.doc(doc, doc)) <= len(doc)
}

/// The patch being written, and the path of the container being walked.
struct Walk<'p> {
    parts: &'p mut Parts,
    path: String,
    /// The least length the text of the struct being walked can have, from the members walked so far: each
    /// member's key, quoted, its colon and at least one byte of value (and a list of structs at least their least
    /// lengths). `diff`'s container rule measures a container only when its ops are longer than this: a view's
    /// objects are long, and counting them out at every player and hero was a sixth of a projection (issue 14).
    keys: usize,
}

/// The key a pending decision is written under beside its seat (`Decision` is externally tagged, snake case).
fn decision_key(decision: &Decision) -> &'static str {
    match decision {
        Decision::Window(_) => "window",
        Decision::Ask(_) => "ask",
    }
}

/// The least length of any hero's text (its keys' alone, the same for every hero), worked out once by walking a
/// hero against itself.
fn least_hero(hero: &HeroView) -> usize {
    static LEAST: OnceLock<usize> = OnceLock::new();
    *LEAST.get_or_init(|| Walk::keys_of(|w| w.hero(hero, hero)))
}

/// The least length of any card's text (its keys'), worked out once like [`least_hero`].
fn least_card(card: &CardView) -> usize {
    static LEAST: OnceLock<usize> = OnceLock::new();
    *LEAST.get_or_init(|| Walk::keys_of(|w| w.card(card, card)))
}

/// The least length of any stat term's text, likewise.
fn least_term(term: &StatTerm) -> usize {
    static LEAST: OnceLock<usize> = OnceLock::new();
    *LEAST.get_or_init(|| Walk::keys_of(|w| w.term(term, term)))
}

/// The least length of any player's text: its keys and four heroes', not counting the members it may leave out.
fn least_player(player: &PlayerView) -> usize {
    static LEAST: OnceLock<usize> = OnceLock::new();
    *LEAST.get_or_init(|| Walk::keys_of(|w| w.player(player, player)))
}

impl Walk<'_> {
    /// The document (at the root).
    fn doc(&mut self, old: &Doc, new: &Doc) {
        let mark = self.parts.mark();
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
        } = new.view;
        let was = old.view;
        self.removed("places", &was.places, places);
        self.member("active", &was.active, active);
        self.maybe_list("attack_preview", was.attack_preview.as_deref(), attack_preview.as_deref());
        self.maybe_cards("choices", was.choices.as_deref(), choices.as_deref());
        self.member("damage_due", &was.damage_due, damage_due);
        self.member("first_player", &was.first_player, first_player);
        self.member("first_turn", &was.first_turn, first_turn);
        self.maybe_list("hp_prices", was.hp_prices.as_deref(), hp_prices.as_deref());
        self.list("legal", old.legal, new.legal);
        self.member("outcome", &was.outcome, outcome);
        self.pending(&was.pending, pending);
        self.member("phase", &was.phase, phase);
        self.optional("places", &was.places, places);
        let least = players.first().map_or(0, least_player);
        self.elements("players", &was.players, players, Walk::player, least);
        self.member("round", &was.round, round);
        self.member("rounds", &was.rounds, rounds);
        self.member("trigger_choices", &was.trigger_choices, trigger_choices);
        self.member("turn", &was.turn, turn);
        self.member("viewer", &was.viewer, viewer);
        self.parts.replace_if_shorter(mark, "", new, self.keys);
    }

    /// A player whose view changed (at `self.path`).
    fn player(&mut self, was: &PlayerView, new: &PlayerView) {
        let mark = self.parts.mark();
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
        } = new;
        self.removed("eliminated", &was.eliminated, eliminated);
        self.removed("meter_passed", &was.meter_passed, meter_passed);
        self.cards("action_meter", &was.action_meter, action_meter);
        self.member("allotted_gem_used", &was.allotted_gem_used, allotted_gem_used);
        self.member("attacked_this_turn", &was.attacked_this_turn, attacked_this_turn);
        self.maybe_cards("bench", was.bench.as_deref(), bench.as_deref());
        self.member("bench_count", &was.bench_count, bench_count);
        self.member("deck_count", &was.deck_count, deck_count);
        self.cards("discard", &was.discard, discard);
        self.optional("eliminated", &was.eliminated, eliminated);
        self.maybe_cards("hand", was.hand.as_deref(), hand.as_deref());
        self.member("hand_count", &was.hand_count, hand_count);
        self.elements("heroes", &was.heroes, heroes, Walk::hero, least_hero(&heroes[0]));
        self.member("hp", &was.hp, hp);
        self.optional("meter_passed", &was.meter_passed, meter_passed);
        self.member("meter_slots", &was.meter_slots, meter_slots);
        self.member("mulliganed", &was.mulliganed, mulliganed);
        self.member("rounds_won", &was.rounds_won, rounds_won);
        self.member("seat", &was.seat, seat);
        self.parts.replace_if_shorter(mark, &self.path, new, self.keys);
    }

    /// A hero whose view changed (at `self.path`).
    fn hero(&mut self, was: &HeroView, new: &HeroView) {
        let mark = self.parts.mark();
        let HeroView {
            position,
            face_down,
            hero,
            level,
            atk,
            def,
            atk_terms,
            def_terms,
            written_atk,
            written_def,
            gems,
            invisible_gems,
            blend,
            attached,
            effect,
            effect_removed,
            cannot_attack,
        } = new;
        self.member("atk", &was.atk, atk);
        self.terms("atk_terms", &was.atk_terms, atk_terms);
        self.cards("attached", &was.attached, attached);
        self.member("blend", &was.blend, blend);
        self.member("cannot_attack", &was.cannot_attack, cannot_attack);
        self.member("def", &was.def, def);
        self.terms("def_terms", &was.def_terms, def_terms);
        self.member("effect", &was.effect, effect);
        self.member("effect_removed", &was.effect_removed, effect_removed);
        self.member("face_down", &was.face_down, face_down);
        self.cards("gems", &was.gems, gems);
        self.member("hero", &was.hero, hero);
        self.member("invisible_gems", &was.invisible_gems, invisible_gems);
        self.member("level", &was.level, level);
        self.member("position", &was.position, position);
        self.member("written_atk", &was.written_atk, written_atk);
        self.member("written_def", &was.written_def, written_def);
        self.parts.replace_if_shorter(mark, &self.path, new, self.keys);
    }

    /// The pending decision, `{"seat":…,"window":…}` or `{"seat":…,"ask":{…}}` (the decision flattened beside the
    /// seat): walked member by member as `diff` walks the object (a removed key first, then the keys in order,
    /// `ask` < `seat` < `window`), where writing both objects and diffing their texts was a sixth of a
    /// projection's diff, since most versions change who owes what (issue 14).
    fn pending(&mut self, was: &Option<PendingView>, new: &Option<PendingView>) {
        let (Some(was), Some(new)) = (was, new) else {
            return self.member("pending", was, new);
        };
        self.keys += "pending".len() + 4;
        if was == new {
            return;
        }
        let len = self.enter("pending");
        let mark = self.parts.mark();
        let (old_key, new_key) = (decision_key(&was.decision), decision_key(&new.decision));
        if old_key != new_key {
            let at = self.enter(old_key);
            self.parts.remove(self.path.clone());
            self.path.truncate(at);
        }
        let decision = |w: &mut Self| match (&was.decision, &new.decision) {
            (Decision::Window(o), Decision::Window(n)) => w.changed(new_key, o, n),
            (Decision::Ask(o), Decision::Ask(n)) => w.changed(new_key, o, n),
            (_, n) => {
                let at = w.enter(new_key);
                match n {
                    Decision::Window(n) => w.parts.add(w.path.clone(), n),
                    Decision::Ask(n) => w.parts.add(w.path.clone(), n),
                }
                w.path.truncate(at);
            }
        };
        if new_key < "seat" {
            decision(self);
        }
        self.changed("seat", &was.seat, &new.seat);
        if new_key > "seat" {
            decision(self);
        }
        self.parts.replace_if_shorter(mark, &self.path, new, 0);
        self.path.truncate(len);
    }

    /// How long a struct's text is at least: its keys' as [`Walk::keys`] counts them while `walk` walks it
    /// against itself (no op comes of that).
    fn keys_of(walk: impl FnOnce(&mut Walk)) -> usize {
        let mut parts = Parts::default();
        let mut dry = Walk { parts: &mut parts, path: String::new(), keys: 0 };
        walk(&mut dry);
        dry.keys
    }

    /// Member `key`, there before and after: its ops if it changed.
    fn member<T: Serialize + PartialEq + ?Sized>(&mut self, key: &str, was: &T, new: &T) {
        self.keys += key.len() + 4;
        self.changed(key, was, new);
    }

    /// [`Walk::member`] without counting the key.
    fn changed<T: Serialize + PartialEq + ?Sized>(&mut self, key: &str, was: &T, new: &T) {
        if was != new {
            let len = self.enter(key);
            self.parts.diff(&mut self.path, was, new);
            self.path.truncate(len);
        }
    }

    /// Array member `key`: element by element as `diff` does an array (`gb_delta::Parts::elements`), so that a
    /// long list with one card or intent more is not written whole, twice.
    fn list<T: Serialize + PartialEq>(&mut self, key: &str, was: &[T], new: &[T]) {
        self.keys += key.len() + 4;
        if was != new {
            let len = self.enter(key);
            self.parts.elements(&mut self.path, was, new);
            self.path.truncate(len);
        }
    }

    /// A list of cards: of the same length, card by card ([`Walk::card`]); else as [`Walk::list`] does it.
    fn cards(&mut self, key: &str, was: &[CardView], new: &[CardView]) {
        self.walked_list(key, was, new, Walk::card, least_card);
    }

    /// [`Walk::cards`] for a member that is a list of cards or `null`.
    fn maybe_cards(&mut self, key: &str, was: Option<&[CardView]>, new: Option<&[CardView]>) {
        self.maybe(key, was, new, Walk::cards);
    }

    /// A stat's terms: of the same length, term by term ([`Walk::term`]; most changes are one amount); else as
    /// [`Walk::list`] does it.
    fn terms(&mut self, key: &str, was: &[StatTerm], new: &[StatTerm]) {
        self.walked_list(key, was, new, Walk::term, least_term);
    }

    /// Array member `key` of structs that `each` walks: of the same length, element by element
    /// ([`Walk::elements`], each at least `least` long); else as [`Walk::list`] does it.
    fn walked_list<T: Serialize + PartialEq>(
        &mut self,
        key: &str,
        was: &[T],
        new: &[T],
        each: fn(&mut Self, &T, &T),
        least: fn(&T) -> usize,
    ) {
        match new.first() {
            Some(first) if was.len() == new.len() => self.elements(key, was, new, each, least(first)),
            _ => self.list(key, was, new),
        }
    }

    /// A card that changed (at `self.path`), its members in key order, where writing both and diffing their texts
    /// cost ten times as much (issue 14).
    fn card(&mut self, was: &CardView, new: &CardView) {
        let mark = self.parts.mark();
        let CardView { id, card } = new;
        self.member("card", &was.card, card);
        self.member("id", &was.id, id);
        self.parts.replace_if_shorter(mark, &self.path, new, self.keys);
    }

    /// A stat term that changed (at `self.path`), like [`Walk::card`].
    fn term(&mut self, was: &StatTerm, new: &StatTerm) {
        let mark = self.parts.mark();
        let StatTerm { source, amount, card } = new;
        self.member("amount", &was.amount, amount);
        self.member("card", &was.card, card);
        self.member("source", &was.source, source);
        self.parts.replace_if_shorter(mark, &self.path, new, self.keys);
    }

    /// Member `key`, an array or `null`: [`Walk::list`] while it is an array.
    fn maybe_list<T: Serialize + PartialEq>(&mut self, key: &str, was: Option<&[T]>, new: Option<&[T]>) {
        self.maybe(key, was, new, Walk::list);
    }

    /// Member `key`, an array or `null`: walked by `list` while it is an array, else compared whole.
    fn maybe<T: Serialize + PartialEq>(
        &mut self,
        key: &str,
        was: Option<&[T]>,
        new: Option<&[T]>,
        list: fn(&mut Self, &str, &[T], &[T]),
    ) {
        match (was, new) {
            (Some(was), Some(new)) => list(self, key, was, new),
            _ => self.member(key, &was, &new),
        }
    }

    /// Member `key`, left out while `None` (`skip_serializing_if`): removed (this goes before every other
    /// member's ops, as `diff` puts removals first).
    fn removed<T>(&mut self, key: &str, was: &Option<T>, new: &Option<T>) {
        if was.is_some() && new.is_none() {
            let len = self.enter(key);
            self.parts.remove(self.path.clone());
            self.path.truncate(len);
        }
    }

    /// Member `key`, left out while `None`: added, or changed (its removal is [`Walk::removed`]'s). Not counted
    /// in [`Walk::keys`]: it may not be there.
    fn optional<T: Serialize + PartialEq>(&mut self, key: &str, was: &Option<T>, new: &Option<T>) {
        match (was, new) {
            (Some(was), Some(new)) => self.changed(key, was, new),
            (None, Some(new)) => {
                let len = self.enter(key);
                self.parts.add(self.path.clone(), new);
                self.path.truncate(len);
            }
            (_, None) => {}
        }
    }

    /// Array member `key`, of structs at least `least` long: of the same length, element by element (`each`
    /// walks a changed one), as `diff` does an array whose length did not change; otherwise its texts are diffed.
    fn elements<T: Serialize + PartialEq>(
        &mut self,
        key: &str,
        was: &[T],
        new: &[T],
        each: fn(&mut Self, &T, &T),
        least: usize,
    ) {
        self.keys += key.len() + 4 + new.len() * least;
        if was == new {
            return;
        }
        let len = self.enter(key);
        if was.len() == new.len() {
            let mark = self.parts.mark();
            for (i, (was, new)) in was.iter().zip(new).enumerate() {
                if was != new {
                    let (at, outer) = (self.path.len(), std::mem::take(&mut self.keys));
                    write!(self.path, "/{i}").expect("a String takes any write");
                    each(self, was, new);
                    self.path.truncate(at);
                    self.keys = outer;
                }
            }
            self.parts.replace_if_shorter(mark, &self.path, new, new.len() * least);
        } else {
            self.parts.diff(&mut self.path, was, new);
        }
        self.path.truncate(len);
    }

    /// Descends into member `key` (field names need no escaping); the path's length before, to go back up.
    fn enter(&mut self, key: &str) -> usize {
        let len = self.path.len();
        self.path.push('/');
        self.path.push_str(key);
        len
    }
}
