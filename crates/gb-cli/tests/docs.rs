//! Docs the code checks: every repository path that ARCHITECTURE.md, README.md or docs/*.md names exists, and every
//! Rust source file under `crates/*/src` opens with its `//!` doc comment. It lives beside `gb rules coverage`,
//! the workspace's other check of the docs against the code.
//!
//! What counts as a path, in prose (fenced code blocks are commands and examples, not claims, and are skipped):
//! - a Markdown link's target that is not a URL or an anchor: resolved against the linking file's folder;
//! - an inline code span made only of path characters (letters, digits, `_ . - /`), not starting with `/` (routes
//!   such as `/api/rooms` are not files), that ends in a file extension we keep in the repository, or ends with `/`,
//!   or whose first component is a top-level entry of the repository (`crates/…`, `docs/…`, `web-client/…`). A
//!   span `FILE::item` (how docs/rules-coverage.md names a test) counts as its `FILE`.
//!
//! A path whose first component is a top-level entry is resolved from the root. Any other is named relative to
//! something the prose says (`room/actor.rs` in gb-server's `src/`, `src/gen/` in the web client, `cache.rs` beside
//! the file just named): it exists when it is the doc's own folder's, or the tail of some path in the repository.
//! docs/design/ is not checked: its research quotes other projects' files.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const EXTENSIONS: [&str; 14] =
    ["rs", "md", "ts", "tsx", "toml", "json", "sql", "sh", "yml", "yaml", "txt", "html", "css", "png"];
/// Never walked: build output and installed packages.
const SKIP: [&str; 4] = ["target", "node_modules", "dist", ".git"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// Every file and folder in the repository, relative to the root, with `/` separators.
fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy();
        if SKIP.contains(&name.as_ref()) {
            continue;
        }
        out.insert(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
        if path.is_dir() {
            walk(root, &path, out);
        }
    }
}

/// The prose of a Markdown file: its fenced code blocks blanked out.
fn prose(text: &str) -> String {
    let mut fenced = false;
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// The inline code spans of `prose` that name a path (see the module's doc), as that path.
fn code_paths(prose: &str, tops: &BTreeSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for line in prose.lines() {
        for span in line.split('`').skip(1).step_by(2) {
            let span = span.trim();
            let span = span.split_once("::").map_or(span, |(file, _)| file);
            let chars = span.chars().all(|c| c.is_ascii_alphanumeric() || "_.-/".contains(c));
            if span.is_empty() || !chars || span.starts_with('/') || span.contains("//") {
                continue;
            }
            let extension = span.rsplit_once('.').is_some_and(|(_, e)| EXTENSIONS.contains(&e));
            let top = span.contains('/') && tops.contains(span.split('/').next().unwrap());
            if extension || top || span.ends_with('/') {
                out.push(span.to_owned());
            }
        }
    }
    out
}

/// The targets of `prose`'s Markdown links that are neither URLs nor anchors, without their `#anchor`.
fn link_targets(prose: &str) -> Vec<String> {
    prose
        .split("](")
        .skip(1)
        .filter_map(|rest| rest.split([')', ' ']).next())
        .map(|target| target.split('#').next().unwrap().to_owned())
        .filter(|t| !t.is_empty() && !t.contains("://") && !t.starts_with("mailto:"))
        .collect()
}

fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    [root.join("ARCHITECTURE.md"), root.join("README.md")].into_iter().chain(docs).collect()
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = root();
    let mut all = BTreeSet::new();
    walk(&root, &root, &mut all);
    let tops: BTreeSet<String> = all.iter().filter(|p| !p.contains('/')).cloned().collect();
    let mut missing = Vec::new();
    for doc in markdown_files(&root) {
        let name = doc.strip_prefix(&root).unwrap().display().to_string();
        let text = prose(&std::fs::read_to_string(&doc).unwrap());
        let folder = doc.parent().unwrap();
        for target in link_targets(&text) {
            if !folder.join(&target).exists() {
                missing.push(format!("{name}: link ({target})"));
            }
        }
        for path in code_paths(&text, &tops) {
            let bare = path.trim_end_matches('/');
            let found = if tops.contains(bare.split('/').next().unwrap()) {
                root.join(bare).exists()
            } else {
                folder.join(bare).exists() || all.iter().any(|p| p == bare || p.ends_with(&format!("/{bare}")))
            };
            if !found {
                missing.push(format!("{name}: `{path}`"));
            }
        }
    }
    assert!(missing.is_empty(), "paths the docs name that do not exist:\n{}", missing.join("\n"));
}

#[test]
fn every_source_file_opens_with_its_doc_comment() {
    let root = root();
    let mut all = BTreeSet::new();
    walk(&root, &root.join("crates"), &mut all);
    let sources: Vec<&String> =
        all.iter().filter(|p| p.split('/').nth(2) == Some("src") && p.ends_with(".rs")).collect();
    assert!(sources.len() > 100, "the walk found only {} source files", sources.len());
    let undocumented: Vec<&&String> =
        sources.iter().filter(|p| !std::fs::read_to_string(root.join(p)).unwrap().starts_with("//!")).collect();
    assert!(undocumented.is_empty(), "source files without a `//!` opening:\n{undocumented:#?}");
}

/// The reading rules themselves, on made-up text: what counts as a path and what does not.
#[test]
fn spans_that_name_paths_are_told_from_other_code() {
    let tops: BTreeSet<String> = ["crates", "docs"].map(String::from).into();
    let text = prose(
        "`room/actor.rs` `crates/gb-core` `docs/x` `src/gen/` `cards.json` `gb-core/src/deck.rs::a_test`\n\
         `/api/rooms` `GET /api/rooms/{id}` `gb_core::apply` `application/json` `2/3` `db/*Row` `rooms_owned`\n\
         ```\n`inside/a/fence.rs`\n```\n[a](docs/x.md#part) [b](https://example.com) [c](#anchor)",
    );
    assert_eq!(
        code_paths(&text, &tops),
        ["room/actor.rs", "crates/gb-core", "docs/x", "src/gen/", "cards.json", "gb-core/src/deck.rs"]
    );
    assert_eq!(link_targets(&text), ["docs/x.md"]);
}
