use super::*;
use serde_json::json;

fn roundtrip(old: Value, new: Value) -> Vec<PatchOp> {
    let ops = diff(&old, &new);
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
    let ops = roundtrip(json!({"hand": [1], "gone": 1, "n": 1}), json!({"hand": null, "n": 2, "new": {"x": 1}}));
    assert!(ops.contains(&PatchOp::Remove { path: "/gone".into() }));
    assert!(ops.contains(&PatchOp::Replace { path: "/hand".into(), value: Value::Null }));
    assert!(ops.contains(&PatchOp::Replace { path: "/n".into(), value: json!(2) }));
}

#[test]
fn arrays_grow_and_shrink_at_the_end_or_are_replaced_when_shifted() {
    let ops = roundtrip(json!([1, 2, 3, 4]), json!([1, 2, 3, 4, 5]));
    assert_eq!(ops, [PatchOp::Add { path: "/-".into(), value: json!(5) }]);
    let ops = roundtrip(json!([1, 2, 3, 4]), json!([1, 2]));
    assert_eq!(ops, [PatchOp::Remove { path: "/3".into() }, PatchOp::Remove { path: "/2".into() }]);
    let ops = roundtrip(json!([1, 2, 3, 4]), json!([0, 1, 2, 3, 4]));
    assert_eq!(ops, [PatchOp::Add { path: "/0".into(), value: json!(0) }], "inserted at the front");
    let ops = roundtrip(json!([1, 2, 3, 4, 5]), json!([1, 2, 4, 5]));
    assert_eq!(ops, [PatchOp::Remove { path: "/2".into() }], "removed from the middle");
    let ops = roundtrip(json!([1, 2, 3, 4]), json!([5, 6, 7, 8]));
    assert_eq!(ops, [PatchOp::Replace { path: "".into(), value: json!([5, 6, 7, 8]) }], "replaced when shorter");
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
    let ops = roundtrip(json!({"a/b": 1, "c~d": 1}), json!({"a/b": 2, "c~d": 3}));
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
fn the_wire_form_is_rfc_6902() {
    let op = PatchOp::Replace { path: "/v".into(), value: json!(1) };
    assert_eq!(serde_json::to_string(&op).unwrap(), r#"{"op":"replace","path":"/v","value":1}"#);
}
