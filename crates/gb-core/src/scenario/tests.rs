//! Runs every committed scenario file (tests may read files; the engine itself never does).
use super::run_text;

/// Every scenario under `scenarios/`, its folders included (`multiplayer/`: the free-for-all's rulings).
#[test]
fn every_committed_scenario_passes() {
    run_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"), 10);
}

/// The free-for-all's rulings are reached by the recursion (and a folder of them must not go unread).
#[test]
fn the_multiplayer_folder_is_run() {
    run_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/multiplayer"), 12);
}

/// The scenarios of the test cards (`test-cards/cards.json`, known to test builds only).
#[test]
fn every_test_card_scenario_passes() {
    run_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/test-cards/scenarios"), 1);
}

/// The `.toml` files under `dir` and its folders, in path order (as `gb scenario run` collects them).
fn toml_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let mut paths: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

fn run_dir(dir: &str, at_least: usize) {
    let mut failures = Vec::new();
    let mut n = 0;
    let mut paths = Vec::new();
    toml_files(std::path::Path::new(dir), &mut paths);
    for path in paths {
        n += 1;
        let result = run_text(&std::fs::read_to_string(&path).unwrap());
        if let Some(f) = result.failure {
            failures.push(format!("{}: {}: {f}", path.display(), result.name));
        }
    }
    assert!(n >= at_least, "expected the committed scenarios in {dir}, found {n}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_failing_expectation_is_reported() {
    let text = format!("name = \"wrong on purpose\"\n{PLAIN_POSITION}\n[expect]\n\"b.hp\" = 19\n");
    let r = run_text(&text);
    assert!(r.failure.unwrap().contains("b.hp: expected 19, got 20"));
}

pub(super) const PLAIN_POSITION: &str = r#"
[position]
active = "A"
[position.a.heroes]
left = { hero = "Claire", gems = ["Pyrogem"] }
center = { hero = "Kula" }
right = { hero = "Elaine" }
back = { hero = "Tara" }
[position.b.heroes]
left = { hero = "Carter" }
center = { hero = "Matthew" }
right = { hero = "Devin" }
back = { hero = "Beatrice" }
"#;

/// An intent type the engine does not know is the scenario's mistake, named as such, even where a rejection was
/// expected: it can never pass as a rule's refusal.
#[test]
fn an_unknown_intent_type_is_a_scenario_error_naming_it() {
    for reject in ["", "reject = \"gem_stays_equipped\"\n"] {
        let text = format!(
            "name = \"unknown\"\n{PLAIN_POSITION}\n[[step]]\nseat = \"A\"\nintent = {{ type = \"take_gem_off\", hero = \"left\" }}\n{reject}"
        );
        let failure = run_text(&text).failure.expect("an unknown intent fails the scenario");
        assert!(failure.contains("unknown intent type \"take_gem_off\""), "{failure}");
    }
}

/// A rejection that cites another rule than the step says fails the scenario.
#[test]
fn a_rejection_must_cite_the_expected_rule() {
    let step = "[[step]]\nseat = \"A\"\nintent = { type = \"remove_gem\", hero = \"left\", gem = \"Pyrogem\" }\n";
    let text = |rule: &str| {
        format!("name = \"rule\"\n{PLAIN_POSITION}\n{step}reject = \"gem_stays_equipped\"\nrule = \"{rule}\"\n")
    };
    assert_eq!(run_text(&text("CR 301.3")).failure, None);
    let failure = run_text(&text("CR 611.3")).failure.unwrap();
    assert!(failure.contains("expected the rejection to cite CR 611.3"), "{failure}");
}

/// "contains" and "count" forms fail with what the list really holds.
#[test]
fn list_expectations_report_what_is_missing() {
    let text = |expect: &str| format!("name = \"lists\"\n{PLAIN_POSITION}\n[expect]\n{expect}\n");
    assert_eq!(run_text(&text(r#""a.heroes.left.gems.contains" = "Pyrogem""#)).failure, None);
    assert_eq!(run_text(&text(r#""a.heroes.count" = 4"#)).failure, None);
    let missing = run_text(&text(r#""a.heroes.left.gems.contains" = ["Pyrogem", "Pyrogem"]"#)).failure.unwrap();
    assert!(missing.contains("\"Pyrogem\" is not in"), "{missing}");
    let count = run_text(&text(r#""a.heroes.left.gems.count.Pyrogem" = 2"#)).failure.unwrap();
    assert!(count.contains("expected 2 of Pyrogem, got 1"), "{count}");
}

/// A setup that expects a refusal fails when the decks are fine, and a refused setup without that expectation
/// fails with each violation and its rule.
#[test]
fn refusal_expectations_are_checked_both_ways() {
    let deck = crate::decks::preconstructed()[0].1.to_text();
    let legal = format!("name = \"legal\"\n[setup]\nseed = 1\na = \"\"\"\n{deck}\"\"\"\nb = \"\"\"\n{deck}\"\"\"\n");
    assert_eq!(run_text(&legal).failure, None);
    let expecting = format!("{legal}[setup.refused]\na = [{{ code = \"main_deck_size\", rule = \"CR 101.3\" }}]\n");
    assert!(run_text(&expecting).failure.unwrap().contains("expected the decks to be refused"));
    // Heroes only: no main deck at all.
    let short: Vec<&str> = deck.lines().filter(|l| !l.starts_with(char::is_numeric)).collect();
    let short = short.join("\n");
    let refused =
        format!("name = \"short\"\n[setup]\nseed = 1\na = \"\"\"\n{short}\n\"\"\"\nb = \"\"\"\n{deck}\"\"\"\n");
    let failure = run_text(&refused).failure.unwrap();
    assert!(failure.contains("main_deck_size (CR 101.3)"), "{failure}");
}

/// Seats C-F of a position, each with the same plain heroes.
fn seat(letter: char, extra: &str) -> String {
    format!(
        "[position.{letter}]\n{extra}\n[position.{letter}.heroes]\nleft = {{ hero = \"Kula\" }}\ncenter = {{ hero = \"Tara\" }}\n\
         right = {{ hero = \"Carter\" }}\nback = {{ hero = \"Devin\" }}\n"
    )
}

fn failure_of(extra_seats: &str, expect: &str) -> Option<String> {
    run_text(&format!("name = \"seats\"\n{PLAIN_POSITION}\n{extra_seats}\n[expect]\n{expect}\n")).failure
}

/// Three seats are a free-for-all at 45 HP (MP-2) with its numbers; two stay the two-player game at 20.
#[test]
fn a_third_seat_makes_a_free_for_all() {
    let c = seat('c', "");
    assert_eq!(failure_of(&c, "\"c.hp\" = 45\n\"a.hp\" = 45\n\"players.count\" = 3\n\"c.eliminated\" = false"), None);
    assert_eq!(failure_of("", "\"b.hp\" = 20\n\"players.count\" = 2"), None);
    let seats = format!("{}{}", seat('c', ""), seat('d', "eliminated = 4"));
    assert_eq!(failure_of(&seats, "\"d.eliminated.place\" = 4\n\"c.eliminated\" = false"), None);
    let wrong = failure_of(&seats, "\"d.eliminated\" = false").unwrap();
    assert!(wrong.contains("d.eliminated: expected false"), "{wrong}");
}

/// Only a field the view leaves out when empty reads as null: a misspelled one is an error, even `= false`.
#[test]
fn a_misspelled_last_field_is_an_error_not_false() {
    let c = seat('c', "");
    assert_eq!(failure_of(&c, "\"c.eliminated\" = false\n\"places\" = false\n\"c.meter_passed\" = []"), None);
    for path in ["c.eliminatd", "c.heroes.left.exhaustd", "plaes"] {
        let failure = failure_of(&c, &format!("\"{path}\" = false")).unwrap_or_default();
        assert!(failure.contains(&format!("no field {path}")), "{path}: {failure:?}");
    }
}

/// Each way a free-for-all position can be wrong gets its own error naming the field.
#[test]
fn malformed_seats_are_refused_with_the_reason() {
    let cases = [
        (seat('d', ""), "position.d is written but position.c is not"),
        (format!("{}{}", seat('c', "eliminated = 2"), ""), "eliminated places must be 3"),
        (seat('c', "bench = [\"Matthew\"]"), "never uses the bench (MP-7)"),
        (seat('c', "rounds_won = 1"), "has no rounds (MP-2)"),
        (seat('c', "hp = 20\nmeter_passed = [15]"), "has gone under every mark above it"),
        (seat('c', "meter_passed = [20]"), "20 is not a mark"),
    ];
    for (seats, why) in cases {
        let failure = failure_of(&seats, "").unwrap_or_default();
        assert!(failure.contains(why), "expected {why:?}, got {failure:?}");
    }
    let two = run_text(&format!("name = \"x\"\n{PLAIN_POSITION}")).failure;
    assert_eq!(two, None);
    let counted = PLAIN_POSITION.replacen("active = \"A\"", "active = \"A\"\nseats = 3", 1);
    let failure = run_text(&format!("name = \"x\"\n{counted}")).failure.unwrap();
    assert!(failure.contains("seats = 3, but 2 players are written"), "{failure}");
    let eliminated =
        PLAIN_POSITION.replacen("[position.b.heroes]", "[position.b]\neliminated = 2\n[position.b.heroes]", 1);
    let failure = run_text(&format!("name = \"x\"\n{eliminated}")).failure.unwrap();
    assert!(failure.contains("are for a free-for-all"), "{failure}");
}

/// Turns go left around the living seats (MP-4): in a third lap by default, so each seat has had two turns.
#[test]
fn a_free_for_all_position_has_had_two_laps() {
    let seats = format!("{}{}", seat('c', ""), seat('d', "eliminated = 4"));
    // Seats A, B, C living, first player A, A active: turn 2 x 3 + 0 + 1.
    assert_eq!(failure_of(&seats, "\"turn\" = 7\n\"first_turn\" = false"), None);
    let first = PLAIN_POSITION.replacen("active = \"A\"", "active = \"B\"\nfirst_turn = true\nfirst_player = \"A\"", 1);
    let text = format!("name = \"x\"\n{first}\n{}\n[expect]\n\"turn\" = 2\n\"first_turn\" = true\n", seat('c', ""));
    assert_eq!(run_text(&text).failure, None);
}

/// A step that must be refused still has its `expect` checked, against the unchanged state: a wrong value fails
/// (issue 45, where such checks were never run). `rule` without `reject` could never be checked: refused.
#[test]
fn a_wrong_expectation_on_a_refused_step_fails() {
    let step = "[[step]]\nseat = \"A\"\nintent = { type = \"remove_gem\", hero = \"left\", gem = \"Pyrogem\" }\n\
                reject = \"gem_stays_equipped\"\n";
    let text = |expect: &str| format!("name = \"refused\"\n{PLAIN_POSITION}\n{step}expect = {{ {expect} }}\n");
    assert_eq!(run_text(&text(r#""a.heroes.left.gems" = ["Pyrogem"], "b.hp" = 20"#)).failure, None);
    let failure = run_text(&text(r#""b.hp" = 19"#)).failure.unwrap();
    assert!(failure.contains("step 1 (A): b.hp: expected 19, got 20"), "{failure}");
    // A refusal has no events.
    let failure = run_text(&text(r#"events = ["gem_equipped"]"#)).failure.unwrap();
    assert!(failure.contains("event gem_equipped did not occur"), "{failure}");
    let rule_alone = format!(
        "name = \"rule alone\"\n{PLAIN_POSITION}\n[[step]]\nseat = \"A\"\nintent = {{ type = \"end_turn\" }}\nrule = \"CR 205.1\"\n"
    );
    let failure = run_text(&rule_alone).failure.unwrap();
    assert!(failure.contains("step 1 (A): `rule` names the rule a rejection cites, so it needs `reject`"), "{failure}");
}

/// The two committed scenarios whose first, refused step carried checks that never ran: changing a value there
/// now fails them (issue 45).
#[test]
fn the_first_turn_scenarios_check_their_refused_step() {
    for (file, right) in [
        ("200-first-turn-limits.toml", r#""a.deck_count" = 2 }"#),
        ("multiplayer/mp-06-first-turn-limits.toml", r#""a.deck_count" = 2 }"#),
    ] {
        let text = std::fs::read_to_string(format!("{}/scenarios/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        assert_eq!(run_text(&text).failure, None, "{file}");
        assert!(text.contains(right), "{file}");
        let wrong = text.replacen(right, r#""a.deck_count" = 1 }"#, 1);
        let failure = run_text(&wrong).failure.unwrap_or_default();
        assert!(failure.contains("step 1 (A): a.deck_count: expected 1, got 2"), "{file}: {failure:?}");
    }
}
