//! Folding frames into a `ViewState`: snapshots, updates and skips give the server's document, and a frame that
//! does not fit is a typed `FoldError` that empties the state.
use super::*;
use crate::messages::Received;
use serde_json::json;

fn frame(v: Value) -> Received {
    serde_json::from_value(v).expect("a server frame")
}

fn snapshot(v: u32, view: Value, legal: Value) -> Received {
    frame(json!({ "type": "snapshot", "v": v, "game": 0, "view": view, "legal": legal, "clocks": null }))
}

/// The document a client patches: the view's fields and `legal` beside them.
fn doc(view: &Value, legal: Value) -> Value {
    let mut d = view.clone();
    d["legal"] = legal;
    d
}

/// An update whose patch is gb-delta's own diff between two documents, as the server builds it.
fn update(v: u32, old: &Value, new: &Value) -> Received {
    let patch = gb_delta::diff(old, new);
    frame(json!({ "type": "update", "v": v, "events": [], "patch": patch, "clocks": null }))
}

#[test]
fn folds_a_snapshot_then_updates_and_skips_into_the_servers_document() {
    let view0 = json!({ "turn": 1, "hand": ["Ember Fox"], "outcome": null });
    let view1 = json!({ "turn": 1, "hand": [], "outcome": null });
    let view2 = json!({ "turn": 2, "hand": [], "outcome": { "winner": "A" } });
    let mut state = ViewState::default();
    assert_eq!(state.version(), None);
    state.fold(&snapshot(4, view0.clone(), json!([{ "type": "keep_hand" }, { "type": "concede" }]))).unwrap();
    assert_eq!(state.legal().unwrap(), vec![Intent::KeepHand, Intent::Concede]);

    let d0 = doc(&view0, json!([{ "type": "keep_hand" }, { "type": "concede" }]));
    let d1 = doc(&view1, json!([{ "type": "concede" }]));
    state.fold(&update(5, &d0, &d1)).unwrap();
    assert_eq!((state.version(), state.view()), (Some(5), &view1));
    assert_eq!(state.legal().unwrap(), vec![Intent::Concede]);
    assert!(!state.game_over());

    state.fold(&frame(json!({ "type": "skip", "v": 6 }))).unwrap();
    state.fold(&frame(json!({ "type": "accepted", "seq": 1, "v": 6 }))).unwrap();
    assert_eq!((state.version(), state.view()), (Some(6), &view1), "a skip moves only the version");

    state.fold(&update(7, &d1, &doc(&view2, json!([])))).unwrap();
    assert_eq!(state.view(), &view2);
    assert!(state.legal().unwrap().is_empty());
    assert!(state.game_over());
}

#[test]
fn a_frame_that_cannot_be_folded_is_a_specific_error_and_empties_the_state() {
    let view = json!({ "turn": 1, "outcome": null });
    let d = doc(&view, json!([]));
    let moved = doc(&json!({ "turn": 2, "outcome": null }), json!([]));

    let mut state = ViewState::default();
    let err = state.fold(&update(1, &d, &moved)).unwrap_err();
    assert!(matches!(err, FoldError::NoSnapshot { v: 1 }), "{err}");

    state.fold(&snapshot(3, view.clone(), json!([]))).unwrap();
    let err = state.fold(&update(5, &d, &moved)).unwrap_err();
    assert!(matches!(err, FoldError::Gap { held: 3, v: 5 }), "{err}");
    assert_eq!(state, ViewState::default(), "after a gap nothing is held: the client reconnects for a snapshot");

    state.fold(&snapshot(3, view, json!([]))).unwrap();
    let bad = frame(json!({ "type": "update", "v": 4, "events": [], "clocks": null,
        "patch": [["/no_such_field"]] }));
    let err = state.fold(&bad).unwrap_err();
    assert!(matches!(err, FoldError::Patch { v: 4, .. }), "{err}");
    assert!(err.to_string().contains("/no_such_field"), "{err}");
    assert_eq!(state.version(), None);

    state.fold(&snapshot(3, json!({ "turn": 1 }), json!([]))).unwrap();
    let no_legal = frame(json!({ "type": "update", "v": 4, "events": [], "clocks": null,
        "patch": [["/legal"]] }));
    let err = state.fold(&no_legal).unwrap_err();
    assert!(matches!(err, FoldError::NoLegal { v: 4 }), "{err}");
    assert_eq!(state.version(), None);
}
