//! Runs every committed scenario file (tests may read files; the engine itself never does).
use super::run_text;

#[test]
fn every_committed_scenario_passes() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios");
    let mut failures = Vec::new();
    let mut n = 0;
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        n += 1;
        let result = run_text(&std::fs::read_to_string(&path).unwrap());
        if let Some(f) = result.failure {
            failures.push(format!("{}: {}: {f}", path.display(), result.name));
        }
    }
    assert!(n >= 10, "expected the committed scenarios, found {n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_failing_expectation_is_reported() {
    let text = r#"
name = "wrong on purpose"
[position]
active = "A"
[position.a.heroes]
left = { hero = "Claire" }
center = { hero = "Kula" }
right = { hero = "Elaine" }
back = { hero = "Tara" }
[position.b.heroes]
left = { hero = "Carter" }
center = { hero = "Matthew" }
right = { hero = "Devin" }
back = { hero = "Beatrice" }
[expect]
"b.hp" = 19
"#;
    let r = run_text(text);
    assert!(r.failure.unwrap().contains("b.hp: expected 19, got 20"));
}
