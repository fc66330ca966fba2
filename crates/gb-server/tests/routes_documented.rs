//! `docs/protocol.md` has one row for every routed path, and routes nothing it does not list. The routers are
//! read from their source (`routes.rs`, `api/mod.rs`): axum cannot list a router's routes at run time, and each
//! `.route("path", get(..).post(..))` call names its path and methods on its own line.
use std::collections::BTreeSet;

type Routes = BTreeSet<(String, String)>;

/// (method, path) of every `.route(..)` call in `source`, each path prefixed with `prefix`.
fn routed(source: &str, prefix: &str) -> Routes {
    let mut out = Routes::new();
    for line in source.lines() {
        let Some(at) = line.find(".route(\"") else { continue };
        let rest = &line[at + ".route(\"".len()..];
        let (path, handlers) = rest.split_once('"').expect("a quoted path");
        let mut found = false;
        for method in ["get", "post", "put", "delete", "patch"] {
            if handlers.contains(&format!("{method}(")) {
                out.insert((method.to_uppercase(), format!("{prefix}{path}")));
                found = true;
            }
        }
        assert!(found, "no method in {line}");
    }
    out
}

/// (method, path) of every row of the table that follows `## REST` in protocol.md.
fn documented(doc: &str) -> Routes {
    let rest = &doc[doc.find("## REST").expect("a REST section")..];
    let mut out = Routes::new();
    for row in rest.lines().skip_while(|l| !l.starts_with("| method | path |")).skip(2) {
        if !row.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = row.split(" | ").collect();
        let methods = cells[0].trim_start_matches("| ");
        let path = cells[1].trim_matches('`');
        assert!(path.starts_with('/') && !path.contains(' '), "one path per row: {row}");
        for m in methods.split(", ") {
            out.insert((m.to_owned(), path.to_owned()));
        }
    }
    out
}

#[test]
fn every_routed_path_is_documented_and_every_documented_path_is_routed() {
    let mut code = routed(include_str!("../src/routes.rs"), "");
    code.extend(routed(include_str!("../src/api/mod.rs"), "/api"));
    let doc = documented(include_str!("../../../docs/protocol.md"));
    assert!(code.len() > 15, "the scan found the routers: {code:?}");
    let undocumented: Vec<_> = code.difference(&doc).collect();
    let unrouted: Vec<_> = doc.difference(&code).collect();
    assert!(
        undocumented.is_empty() && unrouted.is_empty(),
        "routed but not in docs/protocol.md: {undocumented:?}\nin docs/protocol.md but not routed: {unrouted:?}"
    );
}
