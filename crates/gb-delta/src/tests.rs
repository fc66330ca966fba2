//! `diff` and `apply` together: a patch takes the old document to the new one, whatever the edit, and travels
//! as the short arrays of `wire.rs`.
use super::*;
use serde_json::json;

fn roundtrip(old: Value, new: Value) -> Vec<PatchOp> {
    let ops = diff(&old, &new);
    if old.is_object() && new.is_object() {
        assert_eq!(by_text(&old, &new), ops, "diffing the texts gives what diffing the values gives");
    }
    let mut doc = old;
    apply(&mut doc, &ops).expect("a diff applies to its own base");
    assert_eq!(doc, new);
    ops
}

#[test]
fn equal_documents_need_no_ops() {
    assert!(roundtrip(json!({"a": [1, 2]}), json!({"a": [1, 2]})).is_empty());
}

#[test]
fn objects_change_key_by_key_and_nulls_survive() {
    // An unchanged zone beside them, so that replacing the whole document is not the shorter patch.
    let ops = roundtrip(
        json!({"hand": [1], "gone": 1, "n": 1, "zone": zone(1..=10)}),
        json!({"hand": null, "n": 2, "new": {"x": 1}, "zone": zone(1..=10)}),
    );
    assert!(ops.contains(&PatchOp::Remove { path: "/gone".into() }));
    assert!(ops.contains(&PatchOp::Replace { path: "/hand".into(), value: Value::Null }));
    assert!(ops.contains(&PatchOp::Replace { path: "/n".into(), value: json!(2) }));
}

/// A zone of these card ids, its entries long enough that changing one or two of them costs less than sending the zone again.
fn zone(ids: impl IntoIterator<Item = u32>) -> Value {
    Value::Array(ids.into_iter().map(|i| json!({"id": i, "card": format!("card-{i}")})).collect())
}

#[test]
fn arrays_grow_and_shrink_at_the_end_or_are_replaced_when_shifted() {
    let card = |i: u32| json!({"id": i, "card": format!("card-{i}")});
    let ops = roundtrip(zone(1..=4), zone(1..=5));
    assert_eq!(ops, [PatchOp::Add { path: "/-".into(), value: card(5) }]);
    let ops = roundtrip(zone(1..=8), zone(1..=6));
    assert_eq!(ops, [PatchOp::Remove { path: "/7".into() }, PatchOp::Remove { path: "/6".into() }]);
    let ops = roundtrip(zone(1..=4), zone(0..=4));
    assert_eq!(ops, [PatchOp::Add { path: "/0".into(), value: card(0) }], "inserted at the front");
    let ops = roundtrip(zone(1..=5), zone([1, 2, 4, 5]));
    assert_eq!(ops, [PatchOp::Remove { path: "/2".into() }], "removed from the middle");
    let ops = roundtrip(zone(1..=4), zone(5..=8));
    assert_eq!(ops, [PatchOp::Replace { path: "".into(), value: zone(5..=8) }], "replaced when shorter");
}

#[test]
fn a_container_with_several_changes_is_replaced_whole_when_that_is_shorter() {
    // A pending decision whose seat and kind both change: one replace of `pending` beats two ops.
    let old = json!({"pending": {"seat": "A", "decision": {"window": "main"}}, "turn": 3});
    let new = json!({"pending": {"seat": "B", "decision": {"ask": {"type": "mulligan"}}}, "turn": 3});
    let ops = roundtrip(old, new.clone());
    assert_eq!(ops, [PatchOp::Replace { path: "/pending".into(), value: new["pending"].clone() }]);
    // Two small changes in a big object stay two ops.
    let old = json!({"hp": 10, "n": 1, "zone": zone(1..=20)});
    let new = json!({"hp": 9, "n": 2, "zone": zone(1..=20)});
    let ops = roundtrip(old, new);
    assert_eq!(ops.len(), 2);
    let [a, b] = [[1, 2], [1, 3]].map(|x| json!({"a": x}));
    assert_eq!(roundtrip(a, b).len(), 1, "a single change is one op");
}

#[test]
fn a_tagged_object_of_another_type_is_replaced_whole() {
    let old = json!({"d": {"type": "ask", "ask": {"x": 1}}});
    let new = json!({"d": {"type": "window", "window": "main"}});
    let ops = roundtrip(old, new);
    assert_eq!(ops, [PatchOp::Replace { path: "/d".into(), value: json!({"type": "window", "window": "main"}) }]);
}

#[test]
fn random_edits_of_nested_arrays_round_trip() {
    // A small deterministic generator: arrays of small objects with insertions, removals and changes.
    let mut x: u64 = 7;
    let mut next = |m: u64| {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) % m.max(1)
    };
    for _ in 0..2000 {
        let old: Vec<Value> = (0..next(8)).map(|_| json!({"k": next(3), "a": [next(2), next(2)]})).collect();
        let mut new = old.clone();
        for _ in 0..next(4) {
            let len = new.len() as u64;
            match next(3) {
                0 if len > 0 => {
                    new.remove(next(len) as usize);
                }
                1 => new.insert(next(len + 1) as usize, json!({"k": next(3)})),
                _ if len > 0 => new[next(len) as usize]["a"] = json!([next(2)]),
                _ => {}
            }
        }
        roundtrip(json!({"list": old}), json!({"list": new}));
    }
}

#[test]
fn keys_with_slash_and_tilde_are_escaped() {
    let ops = roundtrip(json!({"a/b": 1, "c~d": 1, "z": zone(1..=10)}), json!({"a/b": 2, "c~d": 3, "z": zone(1..=10)}));
    assert!(ops.contains(&PatchOp::Replace { path: "/a~1b".into(), value: json!(2) }));
    assert!(ops.contains(&PatchOp::Replace { path: "/c~0d".into(), value: json!(3) }));
}

#[test]
fn a_patch_for_another_document_is_refused_with_the_path() {
    let mut doc = json!({"a": [1]});
    let err = apply(&mut doc, &[PatchOp::Replace { path: "/a/5".into(), value: json!(1) }]).unwrap_err();
    assert_eq!(err, PatchError::Missing("/a/5".into()));
    let err = apply(&mut doc, &[PatchOp::Remove { path: "a".into() }]).unwrap_err();
    assert_eq!(err, PatchError::BadPointer("a".into()));
    let err = apply(&mut doc, &[PatchOp::Replace { path: "/a/01".into(), value: json!(1) }]).unwrap_err();
    assert_eq!(err, PatchError::Missing("/a/01".into()), "a leading zero is not an index (RFC 6901)");
}

#[test]
fn ops_travel_as_short_arrays_and_read_back() {
    let ops = vec![
        PatchOp::Replace { path: "/players/1/hp".into(), value: json!(9) },
        PatchOp::Add { path: "/legal/-".into(), value: json!({"type": "pass"}) },
        PatchOp::Remove { path: "/legal/0".into() },
        PatchOp::Replace { path: "".into(), value: json!({}) },
    ];
    let text = serde_json::to_string(&ops).unwrap();
    assert_eq!(text, r#"[["/players/1/hp",9],["+/legal/-",{"type":"pass"}],["/legal/0"],["",{}]]"#);
    assert_eq!(serde_json::from_str::<Vec<PatchOp>>(&text).unwrap(), ops);
    // A null value is a replace with null, not a remove.
    assert_eq!(
        serde_json::from_str::<PatchOp>(r#"["/hand",null]"#).unwrap(),
        PatchOp::Replace { path: "/hand".into(), value: Value::Null }
    );
    for bad in [r#"[]"#, r#"["+/a"]"#, r#"["/a",1,2]"#, r#"[1,2]"#, r#"{"op":"remove","path":"/a"}"#] {
        assert!(serde_json::from_str::<PatchOp>(bad).is_err(), "{bad} is no patch op");
    }
}

/// The server's recorded frames (web-client/src/fixtures/deltas.json, written by gb-server's `room::delta`
/// recorder) hold each step's document and the patch that was sent: `diff` of the previous document and the next
/// must give exactly that patch, so a change in how the diff is computed cannot change the wire unnoticed.
#[test]
fn diff_gives_the_recorded_frames_patches_exactly() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web-client/src/fixtures/deltas.json");
    let text = std::fs::read_to_string(path).expect("the recorded frames");
    let streams: Vec<Value> = serde_json::from_str(&text).expect("recorded frames are JSON");
    let mut updates = 0;
    for s in &streams {
        let mut prev = &s["base"];
        for step in s["steps"].as_array().expect("steps") {
            if let Some(patch) = step["frame"].get("patch") {
                let sent: Vec<PatchOp> = serde_json::from_value(patch.clone()).expect("recorded ops");
                assert_eq!(diff(prev, &step["doc"]), sent, "{} step {updates}", s["kind"]);
                assert_eq!(by_text(prev, &step["doc"]), sent, "{} step {updates}", s["kind"]);
                updates += 1;
            }
            prev = &step["doc"];
        }
    }
    assert!(updates >= 60, "only {updates} recorded updates");
}

/// [`diff_text`] over the two documents' texts.
fn by_text(old: &Value, new: &Value) -> Vec<PatchOp> {
    diff_text(&serde_json::to_vec(old).unwrap(), &serde_json::to_vec(new).unwrap())
}

#[test]
fn texts_diff_like_their_values() {
    // Removed, added and changed keys, a changed `type` (replaced whole), nothing changed, escapes in keys and
    // strings, empty containers, and a document that is not an object.
    let cases = [
        (json!({"a": 1, "b": [1, 2], "c": {"x": 1}}), json!({"b": [1, 3], "c": {"x": 1}, "d": null})),
        (json!({"type": "a", "n": 1}), json!({"type": "b", "n": 1})),
        (json!({"type": "a", "n": 1}), json!({"n": 1})),
        (json!({"z": zone(1..=10), "n": 1}), json!({"z": zone(1..=10), "n": 1})),
        (json!({"a": 1, "b": 2}), json!({"a": 2, "b": 3})),
        (json!({"a\\b": 1, "a/b": [1], "\"": "\"q]\"", "é": {}}), json!({"a\\b": 2, "a/b": [2], "\"": "q", "é": []})),
        (json!({"x": {}, "y": [], "z": [[], {}]}), json!({"x": {"k": [true]}, "y": [false, null], "z": [{}, []]})),
        (zone(1..=4), zone(2..=5)),
        (json!([1, "a,b", -2.5e3]), json!([1, "a,b]", -2.5e3, 7])),
    ];
    for (old, new) in cases {
        assert_eq!(by_text(&old, &new), roundtrip(old, new));
    }
    // Texts as a struct is written: fields in declaration order, not sorted; ops still come out in key order.
    let (old, new) = (br#"{"turn":3,"hp":[9,9],"active":"A"}"#, br#"{"turn":4,"hp":[9,7],"active":"B"}"#);
    let parsed = |t: &[u8]| serde_json::from_slice::<Value>(t).unwrap();
    assert_eq!(diff_text(old, new), diff(&parsed(old), &parsed(new)));
}

/// A holder's way: each document indexed once, into reused buffers, and diffed against the next by its index.
#[test]
fn kept_indexes_diff_like_fresh_ones() {
    let docs = [json!({"a": [1, {"b": 2}], "c": "}"}), json!({"a": [{"b": 3}], "c": "]"}), json!({"a": [], "d": {}})];
    let texts: Vec<Vec<u8>> = docs.iter().map(|d| serde_json::to_vec(d).unwrap()).collect();
    let (mut held, mut spare) = (Index::of(&texts[0]), Index::default());
    for pair in texts.windows(2) {
        spare.rebuild(&pair[1]);
        let ops: Vec<PatchOp> = diff_indexed(&pair[0], &held, &pair[1], &spare).iter().map(TextOp::to_op).collect();
        assert_eq!(ops, diff_text(&pair[0], &pair[1]));
        std::mem::swap(&mut held, &mut spare);
    }
}

/// A text diff's ops go to the wire as their text: what `write_text_ops` writes reads back as the ops, and is as
/// long as serde_json's encoding of the parsed ops, which is what `text_ops_len` says (the "replace the whole
/// container when shorter" rule measures ops by it). Keys that need escapes in a JSON string or a pointer too.
#[test]
fn text_ops_write_and_measure_as_their_parsed_ops() {
    let cases = [
        (json!({"a": 1, "b": [1, 2], "c": {"x": 1}}), json!({"b": [1, 3, 4], "c": {"x": 2, "y": "z"}, "d": null})),
        (json!({"q\"k": 1, "a/b~c": [1], "t\\": "x", "é": 2}), json!({"q\"k": 2, "a/b~c": [1, 2], "é": 3})),
        (json!({"s": "a\"b\\c\n"}), json!({"s": "d\u{1}", "n": -2.5e3})),
        (json!({"z": zone(1..=10)}), json!({"z": zone(3..=12)})),
    ];
    for (old, new) in cases {
        let (old, new) = (serde_json::to_vec(&old).unwrap(), serde_json::to_vec(&new).unwrap());
        let ops = diff_indexed(&old, &Index::of(&old), &new, &Index::of(&new));
        assert!(!ops.is_empty());
        let parsed: Vec<PatchOp> = ops.iter().map(TextOp::to_op).collect();
        let mut wire = Vec::new();
        write_text_ops(&ops, &mut wire);
        assert_eq!(
            serde_json::from_slice::<Vec<PatchOp>>(&wire).unwrap(),
            parsed,
            "{}",
            String::from_utf8_lossy(&wire)
        );
        let encoded = serde_json::to_vec(&parsed).unwrap();
        assert_eq!(wire.len(), encoded.len(), "{}", String::from_utf8_lossy(&wire));
        assert_eq!(text_ops_len(&ops), encoded.len());
        for k in 0..ops.len() {
            assert_eq!(text_ops_len(&ops[k..]), serde_json::to_vec(&parsed[k..]).unwrap().len());
        }
    }
}

#[test]
fn documents_written_with_their_index_are_indexed_as_a_scan_indexes_them() {
    let docs = [
        json!({"a": [1, {"b": "x]}"}, []], "c": {}, "d": "\"{", "e": [[[]]], "f": null}),
        json!([]),
        json!("just a string with [brackets] and {braces}"),
        json!({"zone": zone(1..=40), "nested": {"k": [{"x": [1, 2, {"y": {}}]}]}}),
    ];
    for doc in docs {
        let (mut text, mut index) = (Vec::new(), Index::default());
        write_indexed(&doc, &mut text, &mut index);
        assert_eq!(text, serde_json::to_vec(&doc).unwrap(), "written as serde_json writes it");
        assert_eq!(index, Index::of(&text), "indexed as a scan of the text indexes it: {doc}");
    }
    // Appended after a document written by hand, its containers counted from the start of the text.
    let (mut text, mut index) = (br#"{"a":"#.to_vec(), Index::default());
    index.open(0);
    write_indexed(&json!([{"b": [1]}]), &mut text, &mut index);
    text.push(b'}');
    index.close(text.len());
    assert_eq!(index, Index::of(&text));
}
