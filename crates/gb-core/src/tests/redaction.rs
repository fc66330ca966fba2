//! Redaction: a viewer's serialized view does not change when only what it cannot see changes, and no hidden
//! card's name or handle ever reaches an opponent or a spectator, in views or in events (CR 402.2, 403, 405.2). At
//! 2, 3, 4 and 6 seats, every seat of the table a viewer (an eliminated one too: it keeps watching) and a spectator.
use super::tables::{RandomTable, at_every_seat_count, matches_at};
use crate::ids::{Seat, Viewer};
use crate::invariants::seated;
use crate::rng::MatchRng;
use crate::state::MatchState;
use crate::view::view_for;

/// Every seat of the table, eliminated or not, and a spectator.
fn viewers(state: &MatchState) -> Vec<Viewer> {
    seated(state).map(Viewer::Seat).chain([Viewer::Spectator]).collect()
}

fn json(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).unwrap()
}

/// Changes only what `viewer` cannot see: the contents of hidden hands, every deck's order and contents, hidden
/// benches and face-down heroes, keeping every count and every handle in place.
fn scramble_hidden(state: &mut MatchState, viewer: Viewer, rng: &mut MatchRng) {
    // A seat searching its deck may look through it (CR 619.1): then its own deck is not hidden from it.
    let searching = matches!(
        state.frames.last(),
        Some(crate::frames::Frame::Ask { seat, kind: crate::frames::AskKind::Effect { prompt: crate::effects::resolve::Prompt::SearchDeck, .. } })
            if viewer.sees_private_of(*seat)
    );
    for seat in seated(state) {
        let own = viewer.sees_private_of(seat);
        if own && searching {
            continue;
        }
        let p = state.player_mut(seat);
        // A deck is hidden even from its owner (CR 403.2b): swap contents between positions, keep the handles.
        let mut defs: Vec<_> = p.deck.iter().map(|c| c.def).collect();
        if !own {
            defs.extend(p.hand.iter().map(|c| c.def));
        }
        rng.shuffle(&mut defs);
        let (deck_defs, hand_defs) = defs.split_at(p.deck.len());
        for (c, d) in p.deck.iter_mut().zip(deck_defs) {
            c.def = *d;
        }
        if !own {
            for (c, d) in p.hand.iter_mut().zip(hand_defs) {
                c.def = *d;
            }
            // Face-down heroes and the bench are hidden heroes; swap their identities among themselves.
            let mut heroes: Vec<_> = p.bench.iter().map(|c| c.def).collect();
            let down: Vec<usize> = (0..4).filter(|i| p.field[*i].face_down).collect();
            heroes.extend(down.iter().map(|i| p.field[*i].card.def));
            rng.shuffle(&mut heroes);
            let (bench_defs, down_defs) = heroes.split_at(p.bench.len());
            for (c, d) in p.bench.iter_mut().zip(bench_defs) {
                c.def = *d;
            }
            for (i, d) in down.iter().zip(down_defs) {
                p.field[*i].card.def = *d;
            }
        }
    }
}

/// The cards `viewer` may see right now: which catalogue entries (by index) and which handles.
struct Visible {
    names: Vec<bool>,
    ids: Vec<u32>,
}

impl Visible {
    fn of(state: &MatchState, viewer: Viewer) -> Visible {
        let mut names = vec![false; crate::cards::catalogue().cards.len()];
        let mut ids = Vec::with_capacity(128);
        let mut add = |c: &crate::state::Card| {
            names[c.def.0 as usize] = true;
            ids.push(c.id.0);
        };
        for seat in seated(state) {
            let p = state.player(seat);
            let own = viewer.sees_private_of(seat);
            for h in &p.field {
                if own || !h.face_down {
                    add(&h.card);
                }
                h.gems.iter().chain(h.blend.iter()).chain(h.attached.iter()).for_each(&mut add);
            }
            p.discard.iter().chain(p.meter.iter()).for_each(&mut add);
            if own {
                p.hand.iter().chain(p.bench.iter()).for_each(&mut add);
                // While searching, the searcher looks through its deck (CR 619.1).
                if searching(state, seat) {
                    p.deck.iter().for_each(&mut add);
                }
            }
        }
        ids.sort_unstable();
        Visible { names, ids }
    }
    fn shows_name(&self, name: &str) -> bool {
        crate::cards::catalogue().find(name).is_some_and(|d| self.names[d.0 as usize])
    }
    fn shows_id(&self, id: u32) -> bool {
        self.ids.binary_search(&id).is_ok()
    }
}

fn searching(state: &MatchState, seat: Seat) -> bool {
    matches!(
        state.frames.last(),
        Some(crate::frames::Frame::Ask { seat: s, kind: crate::frames::AskKind::Effect { prompt: crate::effects::resolve::Prompt::SearchDeck, .. } })
            if *s == seat
    )
}

/// Handles of the cards in zones hidden from `viewer`: hands and benches of others, every deck, face-down heroes.
fn hidden_ids(state: &MatchState, viewer: Viewer) -> Vec<u32> {
    let mut ids = Vec::new();
    for seat in seated(state) {
        let p = state.player(seat);
        let own = viewer.sees_private_of(seat);
        if !(own && searching(state, seat)) {
            ids.extend(p.deck.iter().map(|c| c.id.0));
        }
        if !own {
            ids.extend(p.hand.iter().chain(p.bench.iter()).map(|c| c.id.0));
            ids.extend(p.field.iter().filter(|h| h.face_down).map(|h| h.card.id.0));
        }
    }
    ids.sort_unstable();
    ids
}

/// Every card identity in a JSON text, with every `"id":N`: a card's slug in `"card":"…"` (a `CardView` since
/// protocol 4) and `"name":"…"` in case names come back on the wire; in views also the names in `"card":"…"` (an
/// ATK/DEF term, a trigger choice). Events also name cards in `"card":"…"` on purpose (the engine's `searched` and
/// `card_revealed` events show the card to everyone), so in events only slugs, the `CardView`s, are checked.
fn names_and_ids(text: &str, in_view: bool) -> (Vec<&str>, Vec<u32>) {
    let mut names = Vec::new();
    let mut ids = Vec::new();
    let is_slug = |s: &str| crate::cards::catalogue().cards.iter().any(|c| c.id == s);
    for key in ["\"name\":\"", "\"card\":\""] {
        for (i, _) in text.match_indices(key) {
            let rest = &text[i + key.len()..];
            let name = &rest[..rest.find('"').unwrap()];
            // An ask to order several triggers names no card (`"card":""`, CR 501.4, MP-17): nothing to check.
            if name.is_empty() {
                continue;
            }
            if in_view || key.starts_with("\"name") || is_slug(name) {
                names.push(name);
            }
        }
    }
    for (i, _) in text.match_indices("\"id\":") {
        let rest = &text[i + 5..];
        let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        if end > 0 {
            ids.push(rest[..end].parse().unwrap());
        }
    }
    (names, ids)
}

/// Hands, decks (even to their owner), benches and face-down heroes are hidden (CR 402.2, 403.2b, 405.2, 405.3a):
/// scrambling a hidden hand also reorders it, so the order of a hand is not public either (CR 402.5b).
fn a_view_does_not_change_when_only_hidden_things_change(seats: usize) {
    for seed in 0..matches_at(seats, 10) {
        let mut table = RandomTable::tenth_conceding(seed, seats);
        let mut rng = MatchRng::new(seed ^ 0xabcdef);
        loop {
            if rng.below(6) == 0 {
                for viewer in viewers(&table.state) {
                    let mut other = table.state.clone();
                    scramble_hidden(&mut other, viewer, &mut rng);
                    assert_eq!(
                        json(&view_for(&table.state, viewer)),
                        json(&view_for(&other, viewer)),
                        "{seats} seats, seed {seed} step {}, {viewer:?}",
                        table.log.len()
                    );
                }
            }
            if table.step().is_none() {
                break;
            }
        }
    }
}

/// No hidden card is named or followable by handle (CR 402.2, 403.2b, 405.3a); a searcher sees its deck (CR 619.1).
fn no_hidden_card_name_or_handle_reaches_a_view_or_an_event(seats: usize) {
    for seed in 0..matches_at(seats, 10) {
        let mut table = RandomTable::tenth_conceding(seed, seats);
        let viewers = viewers(&table.state);
        loop {
            let state = &table.state;
            let before: Vec<_> = viewers.iter().map(|v| Visible::of(state, *v)).collect();
            let hidden_before: Vec<_> = viewers.iter().map(|v| hidden_ids(state, *v)).collect();
            let Some(step) = table.step() else { break };
            let state = &table.state;
            for (i, viewer) in viewers.iter().enumerate() {
                let now = Visible::of(state, *viewer);
                let view = json(&view_for(state, *viewer));
                let (names, ids) = names_and_ids(&view, true);
                for name in names {
                    assert!(now.shows_name(name), "{seats} seats, seed {seed}: {viewer:?} view shows hidden {name}");
                }
                for id in ids {
                    assert!(now.shows_id(id), "{seats} seats, seed {seed}: {viewer:?} view shows hidden handle {id}");
                }
                let events = json(&step.events.for_viewer(*viewer));
                let (names, ids) = names_and_ids(&events, false);
                for name in names {
                    assert!(
                        now.shows_name(name) || before[i].shows_name(name),
                        "{seats} seats, seed {seed}: {viewer:?} events show {name}"
                    );
                }
                // A card may be public only in passing (a blend that falls off at once), so the property is that no
                // handle of a card in a zone hidden from this viewer, before or after, is shown.
                let hidden_now = hidden_ids(state, *viewer);
                for id in ids {
                    let hidden = hidden_now.binary_search(&id).is_ok() || hidden_before[i].binary_search(&id).is_ok();
                    assert!(
                        !hidden,
                        "{seats} seats, seed {seed}: {viewer:?} events show the handle {id} of a hidden card"
                    );
                }
            }
        }
    }
}

at_every_seat_count!(a_view_does_not_change_when_only_hidden_things_change);
at_every_seat_count!(no_hidden_card_name_or_handle_reaches_a_view_or_an_event);
