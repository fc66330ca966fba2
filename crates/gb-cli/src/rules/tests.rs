//! The citation reader and the freshness of the committed table. (Citations in these tests are built with
//! `format!`, so this file cites no rule itself.)
use super::*;

const SAMPLE: &str = "## 204. Resolving an Attack\n204.1 After declaring…\n204.2 For the remaining…\n\
    204.2a For example…\n204.3 Calculate…\n300.b A typo without a rule number.\n405.2 Hidden.\n405.3 Also hidden.\n\
    626.1 Out of range.\n";

fn numbers(text: &str) -> Vec<String> {
    let rules = parse_rules(SAMPLE);
    citations(text, &rules).into_iter().map(|i| rules[i].number.clone()).collect()
}

#[test]
fn numbered_rules_are_read_in_order_and_headings_and_typos_are_not() {
    let rules: Vec<String> = parse_rules(SAMPLE).into_iter().map(|r| r.number).collect();
    assert_eq!(rules, ["204.1", "204.2", "204.2a", "204.3", "405.2", "405.3"]);
}

#[test]
fn citations_read_lists_ranges_and_letters() {
    let cr = "CR";
    assert_eq!(numbers(&format!("({cr} 204.2a)")), ["204.2a"]);
    assert_eq!(numbers(&format!("{cr} 204.1, 204.3 and 405.2")), ["204.1", "204.3"]);
    assert_eq!(numbers(&format!("{cr} 204.2–204.3")), ["204.2", "204.2a", "204.3"]);
    assert_eq!(numbers(&format!("{cr} 405.2-405.3.")), ["405.2", "405.3"]);
    // A section, an unknown number, or a word after the number cites nothing more.
    assert!(numbers(&format!("{cr} 204, {cr} 999.1, {cr} 204.3x")).is_empty());
    assert!(numbers("204.3 without the prefix").is_empty());
}

#[test]
fn a_rust_test_cites_what_its_doc_comment_and_body_say() {
    let cr = "CR";
    let text = format!(
        "/// {cr} 204.1\n#[test]\nfn first() {{\n    let x = {{ 1 }};\n}}\n\nfn helper() {{ /* {cr} 204.3 */ }}\n\n\
         #[test]\nfn second() {{\n    // {cr} 405.2\n}}\n"
    );
    let tests = rust_tests(&text);
    let names: Vec<&str> = tests.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(names, ["first", "second"]);
    assert_eq!(numbers(&tests[0].1), ["204.1"]);
    assert_eq!(numbers(&tests[1].1), ["405.2"]);
}

/// A property run at every table size carries no test attribute: the macro that makes its tests names it.
#[test]
fn a_function_named_in_at_every_seat_count_is_a_test() {
    let cr = "CR";
    let text = format!(
        "/// {cr} 405.2\nfn keeps_heroes(seats: usize) {{\n    let _ = seats;\n}}\n\n\
         fn helper() {{ /* {cr} 204.3 */ }}\n\nat_every_seat_count!(keeps_heroes);\n"
    );
    let tests = rust_tests(&text);
    let names: Vec<&str> = tests.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(names, ["keeps_heroes"]);
    assert_eq!(numbers(&tests[0].1), ["405.2"]);
}

#[test]
fn a_test_run_on_both_backends_counts_as_a_test() {
    let cr = "CR";
    let text = format!(
        "/// {cr} 405.2\nasync fn hands_stay_hidden(backend: Backend) {{\n    let x = 1;\n}}\n\n\
         async fn helper(backend: Backend) {{ /* {cr} 204.3 */ }}\n\n\
         on_both_backends!(\n    hands_stay_hidden,\n);\n"
    );
    let tests = rust_tests(&text);
    let names: Vec<&str> = tests.iter().map(|t| t.0.as_str()).collect();
    assert_eq!(names, ["hands_stay_hidden"]);
    assert_eq!(numbers(&tests[0].1), ["405.2"]);
}

/// The committed `docs/rules-coverage.md` is exactly what `gb rules coverage` would write now.
#[test]
fn the_committed_coverage_table_is_fresh() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let (text, (covered, behavioural, total)) = generate(root).unwrap();
    let committed = std::fs::read_to_string(root.join(TABLE)).unwrap_or_default();
    assert!(committed == text, "{TABLE} is stale: run `cargo run -p gb-cli -- rules coverage`");
    assert!(total > 300 && behavioural <= total && covered <= behavioural);
}

/// Ruling citations are read one number each, not inside a longer word; the rulings' headings give their titles.
/// (The texts spell the prefix `M@-` so that this test does not itself cite the rulings it parses.)
#[test]
fn free_for_all_rulings_are_cited_by_number() {
    let text = "M@-20, M@-3 (not XM@-4, not M@-x)".replace('@', "P");
    let cited: Vec<u8> = super::rulings::citations(&text).into_iter().collect();
    assert_eq!(cited, [3, 20]);
    let parsed =
        super::rulings::parse(&"### M@-1 Which game this is\ntext M@-2\n### M@-40 Shard Buster\n".replace('@', "P"));
    assert_eq!(parsed, [(1, "Which game this is".to_string()), (40, "Shard Buster".to_string())]);
}
