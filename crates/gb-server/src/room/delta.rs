//! Deltas on the wire (docs/protocol.md, "Deltas"): what each viewer kind holds after a version ([`Seen`]: its
//! view and legal intents, plus their JSON document), and the frame for the next version: an `update` whose
//! `patch` (RFC 6902, gb-delta) turns the held document into the new one, or a bare `skip`.
use super::streams::Kind;
use crate::protocol::{Clocks, ServerMsg};
use axum::extract::ws::Utf8Bytes;
use gb_core::view::MatchView;
use gb_core::{Events, Intent, MatchState, legal_intents, view_for, view_into};
use serde::Serialize;

/// What a viewer kind holds at a version: the snapshot's `view` and `legal`, and them as the JSON document the
/// next patch applies to: the view's fields with `legal` beside them (one level less in every patch path than
/// `{"view": …, "legal": …}`, 5 bytes an op; `MatchView` has no field of that name). Clocks travel whole in every frame (they change
/// with every version and a snapshot's are settled at connect time, so they are no base to patch).
///
/// The document is kept as its JSON text, not as a `Value` tree: the next version's diff (`gb_delta::diff_indexed`)
/// passes over every part whose text did not change with one byte comparison, and an op's value is a slice of
/// the text, written into the frame unparsed (issue 14: the whole tree, built, compared and dropped per version
/// and kind, topped the server's profile; then parsing and re-encoding the ops' values topped the diff's).
#[derive(Clone, Debug)]
pub struct Seen {
    pub view: MatchView,
    pub legal: Vec<Intent>,
    /// The document as compact JSON.
    pub text: Vec<u8>,
    /// Where `text`'s containers end: noted while the document is written, for both diffs it takes part in.
    index: gb_delta::Index,
    /// Where its players and heroes are in `text`, for the next document to copy the unchanged ones.
    spans: doc::Spans,
}

/// The document as serde writes it whole: what [`doc::write`] writes part by part (tests hold it to this).
#[cfg_attr(not(test), expect(dead_code))]
#[derive(Serialize)]
struct Doc<'a> {
    #[serde(flatten)]
    view: &'a MatchView,
    legal: &'a [Intent],
}

impl Seen {
    pub fn of(state: &MatchState, kind: Kind) -> Seen {
        Seen::new(view_for(state, kind.viewer()), legal_for(state, kind), None, &mut Spare::default())
    }

    /// The document written into `spare`'s buffers (sized for a previous document), its unchanged parts copied
    /// from `prev`'s and indexed as it is written (issue 14: a second pass over the text to index it cost a
    /// third as much as writing it).
    fn new(view: MatchView, legal: Vec<Intent>, prev: Option<&Seen>, spare: &mut Spare) -> Seen {
        let (mut text, mut index, mut spans) =
            (std::mem::take(&mut spare.text), std::mem::take(&mut spare.index), std::mem::take(&mut spare.spans));
        let prev = prev.map(|p| doc::Prev { view: &p.view, text: &p.text, index: &p.index, spans: &p.spans });
        doc::write(&view, &legal, prev, &mut text, &mut index, &mut spans);
        Seen { view, legal, text, index, spans }
    }

    /// The document as a `Value` (tests; the diff works on the text).
    pub fn doc(&self) -> serde_json::Value {
        serde_json::from_slice(&self.text).expect("a document is JSON")
    }
}

/// What a viewer kind's replaced [`Seen`] leaves behind, reused for its next version (issue 14): the view, which
/// `view_into` rewrites in place keeping its zones' and lists' buffers, and the document's text and index
/// buffers. A view that changed nothing (a `skip`) stays here for the version after.
#[derive(Default)]
pub struct Spare {
    view: Option<MatchView>,
    text: Vec<u8>,
    index: gb_delta::Index,
    spans: doc::Spans,
}

impl Spare {
    /// Keeps what `old` held for reuse.
    pub fn keep(&mut self, old: Seen) {
        self.view = Some(old.view);
        self.text = old.text;
        self.text.clear();
        self.index = old.index;
        self.spans = old.spans;
    }

    /// `new` becomes what `held` is; what it held is kept for reuse.
    pub fn hold(&mut self, held: &mut Seen, new: Seen) {
        self.keep(std::mem::replace(held, new));
    }

    /// `kind`'s view of `state`, written into the spare view (built once if there is none yet).
    fn view(&mut self, state: &MatchState, kind: Kind) -> &MatchView {
        match self.view.as_mut() {
            Some(view) => view_into(state, kind.viewer(), view),
            None => self.view = Some(view_for(state, kind.viewer())),
        }
        self.view.as_ref().expect("just written")
    }
}

/// A seat's legal intents as sent; spectators have none.
fn legal_for(state: &MatchState, kind: Kind) -> Vec<Intent> {
    kind.seat().map(|s| wire_legal(state, s)).unwrap_or_default()
}

/// `seat`'s legal intents as the wire carries them (`legal` in snapshots, patches and `rejected`): without
/// `concede`, which a seat may send whenever its game is not over (CR 102.2), so clients offer it themselves and
/// no update changes `legal` just for it (protocol 5, issue 14).
pub fn wire_legal(state: &MatchState, seat: gb_core::Seat) -> Vec<Intent> {
    let mut legal = legal_intents(state, seat);
    legal.retain(|i| *i != Intent::Concede);
    legal
}

/// Version `v` as `kind` may see it, after `prev` (what it holds at `v - 1`).
pub struct Projected {
    pub frame: Utf8Bytes,
    /// What `kind` holds at `v`; `None` for a `skip` (it still holds `prev`).
    pub seen: Option<Seen>,
    /// The match turn at `v` (spectator delays count turns).
    pub turn: u32,
}

/// Encodes version `v` for `kind`: a bare `skip` when it may see no event and nothing of its view or its legal
/// intents changed, else an `update` patching `prev`. Deterministic in its inputs, so recovery rebuilds
/// byte-identical frames. The version is the frame's `v` only (the view does not repeat it). The view is written
/// into `spare`'s (this kind's own, reused version after version), not built anew.
pub fn project(
    state: &MatchState,
    events: &Events,
    kind: Kind,
    prev: &Seen,
    v: u32,
    clocks: Option<Clocks>,
    spare: &mut Spare,
) -> Projected {
    let view = spare.view(state, kind);
    let turn = view.turn;
    let legal = legal_for(state, kind);
    let evs = events.for_viewer(kind.viewer());
    if evs.is_empty() && legal == prev.legal && prev.view == *view {
        return Projected { frame: Utf8Bytes::from(ServerMsg::Skip { v }.encode()), seen: None, turn };
    }
    let view = spare.view.take().expect("just written");
    spare.text.reserve(prev.text.len());
    let seen = Seen::new(view, legal, Some(prev), spare);
    // The ops borrow their values from the new document's text and go into the frame as they are (issue 14).
    let patch = gb_delta::diff_indexed(&prev.text, &prev.index, &seen.text, &seen.index);
    let frame = Utf8Bytes::from(<ServerMsg>::encode_update(v, &evs, &patch, clocks.as_ref()));
    drop(patch);
    Projected { frame, seen: Some(seen), turn }
}

mod doc;
#[cfg(test)]
mod tests;
