//! Deltas on the wire (docs/protocol.md, "Deltas"): what each viewer kind holds after a version ([`Seen`]: its
//! view and legal intents, plus their JSON document), and the frame for the next version: an `update` whose
//! `patch` (RFC 6902, gb-delta) turns the held document into the new one, or a bare `skip`.
use crate::protocol::{Clocks, ServerMsg};
use crate::viewer::kind::Kind;
use axum::extract::ws::Utf8Bytes;
use gb_core::view::MatchView;
use gb_core::{Events, Intent, MatchState, legal_intents, view_for, views_into};

/// What a viewer kind holds at a version: the snapshot's `view` and `legal`. Its document, what the next patch
/// applies to, is the two as one JSON object ([`Doc`]); it is never written whole after the snapshot: the next
/// patch is found by comparing the views (`walk.rs`). Clocks travel whole in every frame (they change with every
/// version and a snapshot's are settled at connect time, so they are no base to patch).
#[derive(Clone, Debug)]
pub struct Seen {
    pub view: MatchView,
    pub legal: Vec<Intent>,
}

impl Seen {
    pub fn of(state: &MatchState, kind: Kind) -> Seen {
        Seen { view: view_for(state, kind.viewer()), legal: legal_for(state, kind) }
    }

    /// The document as a `Value` (tests; the patch is found from the views).
    pub fn doc(&self) -> serde_json::Value {
        serde_json::to_value(self.as_doc()).expect("a document is JSON")
    }

    fn as_doc(&self) -> Doc<'_> {
        Doc { view: &self.view, legal: &self.legal }
    }
}

/// What a viewer kind's replaced [`Seen`] leaves behind, reused for its next version (issue 14): the view, which
/// `view_into` rewrites in place keeping its zones' and lists' buffers, and the patch's buffers. A view that
/// changed nothing (a `skip`) stays here for the version after.
#[derive(Default)]
pub struct Spare {
    view: Option<MatchView>,
    parts: gb_delta::Parts,
}

impl Spare {
    /// Keeps what `old` held for reuse.
    pub fn keep(&mut self, old: Seen) {
        self.view = Some(old.view);
    }

    /// `new` becomes what `held` is; what it held is kept for reuse.
    pub fn hold(&mut self, held: &mut Seen, new: Seen) {
        self.keep(std::mem::replace(held, new));
    }
}

/// Writes each of `kinds`' views of `state` into its spare view (built once if there is none yet), all together
/// (`gb_core::views_into`): a player or a face-up hero that several kinds see alike is worked out once and copied
/// (issue 14). [`project`] then reads them. The views come out exactly as `view_for` writes them.
pub fn write_views<'s>(state: &MatchState, kinds: impl IntoIterator<Item = (Kind, &'s mut Spare)>) {
    let mut views: smallvec::SmallVec<[(gb_core::Viewer, &mut MatchView); 7]> = kinds
        .into_iter()
        .map(|(kind, spare)| {
            let viewer = kind.viewer();
            (viewer, &mut *spare.view.get_or_insert_with(|| view_for(state, viewer)))
        })
        .collect();
    views_into(state, &mut views);
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
/// byte-identical frames. The version is the frame's `v` only (the view does not repeat it). The view is the one
/// [`write_views`] wrote into `spare`'s (this kind's own, reused version after version) for `state`.
pub fn project(
    state: &MatchState,
    events: &Events,
    kind: Kind,
    prev: &Seen,
    v: u32,
    clocks: Option<Clocks>,
    spare: &mut Spare,
) -> Projected {
    let view = spare.view.as_ref().expect("written by write_views");
    let turn = view.turn;
    let legal = legal_for(state, kind);
    let evs = events.for_viewer(kind.viewer());
    if evs.is_empty() && legal == prev.legal && prev.view == *view {
        return Projected { frame: Utf8Bytes::from(ServerMsg::Skip { v }.encode()), seen: None, turn };
    }
    let seen = Seen { view: spare.view.take().expect("just written"), legal };
    spare.parts.clear();
    walk::diff(&prev.as_doc(), &seen.as_doc(), &mut spare.parts);
    // The ops' values are the changed parts' texts, written into the frame as they are (issue 14).
    let frame = Utf8Bytes::from(<ServerMsg>::encode_update(v, &evs, &spare.parts.ops(), clocks.as_ref()));
    Projected { frame, seen: Some(seen), turn }
}

mod walk;
use walk::Doc;
#[cfg(test)]
mod tests;
