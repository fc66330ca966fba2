//! What a client holds between frames (docs/protocol.md, "Deltas"): a `snapshot` gives the document (the view's
//! fields with `legal` beside them), each `update`'s patch moves it one version on, a `skip` moves only the
//! version. The test client and
//! gb-loadgen fold frames through this one type; the web client's `socket.ts` does the same in TypeScript.
use crate::messages::{Received, ServerMsg};
use gb_core::Intent;
use serde_json::Value;

/// The view and legal intents a client holds and the version it is at; empty until the first snapshot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewState {
    held: Option<Held>,
}

#[derive(Clone, Debug, PartialEq)]
struct Held {
    v: u32,
    view: Value,
    legal: Value,
}

impl Held {
    /// Applies `patch` to the document it is made for: the view's fields and `legal` in one object.
    fn patch(&mut self, v: u32, patch: Vec<gb_delta::PatchOp>) -> Result<(), FoldError> {
        let mut doc = std::mem::take(&mut self.view);
        let legal = std::mem::take(&mut self.legal);
        doc.as_object_mut().ok_or(FoldError::NotAnObject { v })?.insert("legal".to_owned(), legal);
        gb_delta::apply_owned(&mut doc, patch).map_err(|source| FoldError::Patch { v, source })?;
        let map = doc.as_object_mut().ok_or(FoldError::NotAnObject { v })?;
        self.legal = map.remove("legal").filter(Value::is_array).ok_or(FoldError::NoLegal { v })?;
        self.view = doc;
        Ok(())
    }
}

/// Why a frame could not be folded. The state is emptied: the client reconnects without `last_version` and
/// gets a snapshot (docs/protocol.md, "Deltas").
#[derive(Debug, thiserror::Error)]
pub enum FoldError {
    #[error("update v{v} arrived before any snapshot")]
    NoSnapshot { v: u32 },
    #[error("version v{v} does not follow the held v{held} (the server sends every version)")]
    Gap { held: u32, v: u32 },
    #[error("update v{v} does not patch the held document: {source}")]
    Patch { v: u32, source: gb_delta::PatchError },
    #[error("update v{v} applies to a view that is not a JSON object")]
    NotAnObject { v: u32 },
    #[error("update v{v} left the document without a `legal` list")]
    NoLegal { v: u32 },
}

impl ViewState {
    /// Folds one frame in. Frames that carry no version of the view (welcome, accepted, rejected, ...) leave it
    /// as it is. A new game's snapshot (or any snapshot) replaces what was held.
    pub fn fold(&mut self, msg: &Received) -> Result<(), FoldError> {
        self.fold_owned(msg.clone())
    }

    /// [`ViewState::fold`] for a caller done with the frame: the snapshot's view and the patch's values move
    /// into the held document instead of being copied (gb-loadgen folds every frame of every seat).
    pub fn fold_owned(&mut self, msg: Received) -> Result<(), FoldError> {
        let result = self.try_fold(msg);
        if result.is_err() {
            self.held = None;
        }
        result
    }

    fn try_fold(&mut self, msg: Received) -> Result<(), FoldError> {
        match msg {
            ServerMsg::Snapshot { v, view, legal, .. } => {
                let legal = serde_json::to_value(legal).expect("intents serialize");
                self.held = Some(Held { v, view, legal });
            }
            ServerMsg::Update { v, patch, .. } => {
                self.next(v)?.patch(v, patch)?;
            }
            ServerMsg::Skip { v } => {
                self.next(v)?;
            }
            _ => {}
        }
        Ok(())
    }

    /// The held state, moved to `v` if `v` is the version after it.
    fn next(&mut self, v: u32) -> Result<&mut Held, FoldError> {
        let held = self.held.as_mut().ok_or(FoldError::NoSnapshot { v })?;
        if held.v.checked_add(1) != Some(v) {
            return Err(FoldError::Gap { held: held.v, v });
        }
        held.v = v;
        Ok(held)
    }

    /// The version held (the `last_version` to resume from), if any.
    pub fn version(&self) -> Option<u32> {
        self.held.as_ref().map(|h| h.v)
    }

    /// The held view as JSON (`Value::Null` before the first snapshot).
    pub fn view(&self) -> &Value {
        self.held.as_ref().map_or(&Value::Null, |h| &h.view)
    }

    /// The held legal intents as JSON, as the server listed them (empty when this viewer owes nothing).
    pub fn legal_json(&self) -> &[Value] {
        self.held.as_ref().and_then(|h| h.legal.as_array()).map_or(&[], Vec::as_slice)
    }

    /// The held legal intents, typed. An entry this build cannot read is an error rather than skipped, so a
    /// client never acts on part of a list.
    pub fn legal(&self) -> Result<Vec<Intent>, serde_json::Error> {
        self.legal_json().iter().map(serde::Deserialize::deserialize).collect()
    }

    /// Whether the held view shows a finished game (it has an `outcome`).
    pub fn game_over(&self) -> bool {
        !self.view()["outcome"].is_null()
    }
}

#[cfg(test)]
mod tests;
