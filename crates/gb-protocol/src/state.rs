//! What a client holds between frames (docs/protocol.md, "Deltas"): a `snapshot` gives the `{view, legal}`
//! document, each `update`'s patch moves it one version on, a `skip` moves only the version. The test client and
//! gb-loadgen fold frames through this one type; the web client's `socket.ts` does the same in TypeScript.
use crate::messages::{Received, ServerMsg};
use gb_core::Intent;
use serde_json::{Value, json};

/// The `{view, legal}` a client holds and the version it is at; empty until the first snapshot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewState {
    held: Option<Held>,
}

#[derive(Clone, Debug, PartialEq)]
struct Held {
    v: u32,
    doc: Value,
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
}

impl ViewState {
    /// Folds one frame in. Frames that carry no version of the view (welcome, accepted, rejected, ...) leave it
    /// as it is. A new game's snapshot (or any snapshot) replaces what was held.
    pub fn fold(&mut self, msg: &Received) -> Result<(), FoldError> {
        let result = self.try_fold(msg);
        if result.is_err() {
            self.held = None;
        }
        result
    }

    fn try_fold(&mut self, msg: &Received) -> Result<(), FoldError> {
        match msg {
            ServerMsg::Snapshot { v, view, legal, .. } => {
                self.held = Some(Held { v: *v, doc: json!({ "view": view, "legal": legal }) });
            }
            ServerMsg::Update { v, patch, .. } => {
                let held = self.next(*v)?;
                gb_delta::apply(&mut held.doc, patch).map_err(|source| FoldError::Patch { v: *v, source })?;
            }
            ServerMsg::Skip { v } => {
                self.next(*v)?;
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
        self.held.as_ref().map_or(&Value::Null, |h| &h.doc["view"])
    }

    /// The held legal intents as JSON, as the server listed them (empty when this viewer owes nothing).
    pub fn legal_json(&self) -> &[Value] {
        self.held.as_ref().and_then(|h| h.doc["legal"].as_array()).map_or(&[], Vec::as_slice)
    }

    /// The held legal intents, typed. An entry this build cannot read is an error rather than skipped, so a
    /// client never acts on part of a list.
    pub fn legal(&self) -> Result<Vec<Intent>, serde_json::Error> {
        self.legal_json().iter().map(|i| serde_json::from_value(i.clone())).collect()
    }

    /// Whether the held view shows a finished game (it has an `outcome`).
    pub fn game_over(&self) -> bool {
        !self.view()["outcome"].is_null()
    }
}

#[cfg(test)]
mod tests;
