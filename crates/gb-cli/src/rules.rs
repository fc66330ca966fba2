//! `gb rules coverage`: which numbered rules of CR 100–625 the tests and scenario files cite, written to
//! `docs/rules-coverage.md`. A citation is `CR 204.3`, a list `CR 204.3, 204.4a`, or a range `CR 405.2–405.3`
//! (every rule between, in the rules' order). A Rust test cites what its doc comment and body say; a scenario
//! file cites what its whole text says. `docs/rules/not-behavioural.md` lists the rules that state no behaviour
//! (how a card looks, what a word means), each with its reason; every other rule should have a test.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub(crate) const RULES: &str = "docs/rules/gem-blenders-comprehensive-rules.txt";
pub(crate) const NOT_BEHAVIOURAL: &str = "docs/rules/not-behavioural.md";
pub(crate) const TABLE: &str = "docs/rules-coverage.md";

/// One numbered rule: its number (`203.1h`) and text.
pub(crate) struct Rule {
    pub number: String,
    pub text: String,
}

/// The numbered rules of sections 100–625, in the document's order.
pub(crate) fn parse_rules(text: &str) -> Vec<Rule> {
    text.lines()
        .filter_map(|line| {
            let (number, rest) = line.split_once(' ')?;
            let (section, sub) = number.split_once('.')?;
            let section: u16 = section.parse().ok().filter(|s| (100..=625).contains(s) && section.len() == 3)?;
            let digits = sub.trim_end_matches(|c: char| c.is_ascii_lowercase());
            let letters = &sub[digits.len()..];
            let ok = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && letters.len() <= 1;
            (ok && section > 0).then(|| Rule { number: number.to_string(), text: rest.trim().to_string() })
        })
        .collect()
}

/// The rule number at the start of `s` (`204.3`, `203.1h`, or a bare section `204`) and its length in bytes.
fn rule_number(s: &str) -> Option<(&str, usize)> {
    let b = s.as_bytes();
    if b.len() < 3 || !b[..3].iter().all(u8::is_ascii_digit) || b.get(3).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let mut end = 3;
    if b.get(3) == Some(&b'.') && b.get(4).is_some_and(u8::is_ascii_digit) {
        end = 4;
        while b.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        if b.get(end).is_some_and(u8::is_ascii_lowercase) && !b.get(end + 1).is_some_and(u8::is_ascii_alphanumeric) {
            end += 1;
        }
    }
    Some((&s[..end], end))
}

/// The indices (into `rules`) of every rule `text` cites.
pub(crate) fn citations(text: &str, rules: &[Rule]) -> BTreeSet<usize> {
    let index = |n: &str| rules.iter().position(|r| r.number == n);
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("CR ") {
        let mut rest = &text[at + 3..];
        while let Some((first, len)) = rule_number(rest) {
            rest = &rest[len..];
            let dash = ["–", "-", "—"].into_iter().find(|d| rest.starts_with(d));
            let last = dash.and_then(|d| rule_number(&rest[d.len()..]).map(|(n, l)| (n, d.len() + l)));
            match (index(first), last) {
                (Some(from), Some((to, len))) => {
                    rest = &rest[len..];
                    if let Some(to) = index(to).filter(|to| *to >= from) {
                        out.extend(from..=to);
                    }
                }
                (Some(i), None) => {
                    out.insert(i);
                }
                (None, Some((_, len))) => rest = &rest[len..],
                (None, None) => {}
            }
            match rest.strip_prefix(", ").or_else(|| rest.strip_prefix(",")) {
                Some(r) if rule_number(r).is_some() => rest = r,
                _ => break,
            }
        }
    }
    out
}

/// A test and the rules it cites: CR rules by index, free-for-all rulings by number (MP-n).
pub(crate) struct Citing {
    pub name: String,
    pub rules: BTreeSet<usize>,
    pub rulings: BTreeSet<u8>,
}

/// Macros that make tests of the functions named in them, which so carry no test attribute of their own:
/// `on_both_backends!(a, b, …)` (gb-server's API tests, one test on SQLite and one on PostgreSQL) and
/// `at_every_seat_count!(a)` (gb-core's property tests, one test per table size).
const TEST_MAKERS: [&str; 2] = ["on_both_backends!(", "at_every_seat_count!("];

/// The functions a file hands to one of the `TEST_MAKERS`.
fn backend_tests(text: &str) -> Vec<&str> {
    TEST_MAKERS
        .iter()
        .flat_map(|maker| text.split(maker).skip(1))
        .filter_map(|rest| rest.split_once(')'))
        .flat_map(|(names, _)| names.split(',').map(str::trim).filter(|n| !n.is_empty()))
        .collect()
}

/// The test functions of a Rust file (`#[test]`, `#[tokio::test]`, or named in one of the `TEST_MAKERS`): each with
/// its doc comment and body.
fn rust_tests(text: &str) -> Vec<(String, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let by_backend = backend_tests(text);
    let defines = |t: &str| {
        let t = t.strip_prefix("pub ").unwrap_or(t);
        let t = t.strip_prefix("async ").unwrap_or(t);
        t.strip_prefix("fn ").and_then(|r| r.split(['(', '<']).next()).is_some_and(|n| by_backend.contains(&n))
    };
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        // Not the macro's own expansion (`macro_rules!` in the crate root) nor a call inside a body.
        if !(t == "#[test]" || t.starts_with("#[tokio::test") || (line.starts_with(t) && defines(t))) {
            continue;
        }
        // The comment lines above the attributes.
        let mut start = i;
        while start > 0 && {
            let above = lines[start - 1].trim();
            above.starts_with("//") || above.starts_with("#[")
        } {
            start -= 1;
        }
        // After the attributes, or this very line for a function named in one of the `TEST_MAKERS`.
        let Some(fn_at) = (i..lines.len()).find(|j| lines[*j].contains("fn ")) else { continue };
        let name = lines[fn_at].split("fn ").nth(1).unwrap_or("").split(['(', '<']).next().unwrap_or("").trim();
        // The body: until the braces opened from the `fn` line balance again.
        let mut depth = 0i32;
        let mut end = fn_at;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(fn_at) {
            for c in l.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            end = j;
            if opened && depth <= 0 {
                break;
            }
        }
        out.push((name.to_string(), lines[start..=end].join("\n")));
    }
    out
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target" && n != "node_modules") {
                files(&p, ext, out);
            }
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// Every test under `root/crates` (Rust tests in `src/` and `tests/`, and scenario files) with its citations.
pub(crate) fn citing_tests(root: &Path, rules: &[Rule]) -> std::io::Result<Vec<Citing>> {
    let mut out = Vec::new();
    let mut paths = Vec::new();
    files(&root.join("crates"), "rs", &mut paths);
    files(&root.join("crates"), "toml", &mut paths);
    for path in paths {
        let rel = path.strip_prefix(root.join("crates")).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&path)?;
        if rel.ends_with(".toml") {
            if rel.contains("/scenarios/") {
                out.push(Citing { name: rel, rules: citations(&text, rules), rulings: rulings::citations(&text) });
            }
            continue;
        }
        for (name, body) in rust_tests(&text) {
            let (cited, rulings) = (citations(&body, rules), rulings::citations(&body));
            if !cited.is_empty() || !rulings.is_empty() {
                out.push(Citing { name: format!("{rel}::{name}"), rules: cited, rulings });
            }
        }
    }
    Ok(out)
}

/// The rules listed as stating no behaviour, with the reason: lines `- 100.1a — reason`.
pub(crate) fn not_behavioural(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("- ")?;
            let (number, reason) = rest.split_once(" — ")?;
            Some((number.trim().to_string(), reason.trim().to_string()))
        })
        .collect()
}

/// The table's Markdown, and the figures: (covered behavioural rules, behavioural rules, all rules).
pub(crate) fn table(rules: &[Rule], tests: &[Citing], exempt: &[(String, String)]) -> (String, (usize, usize, usize)) {
    let mut rows = String::new();
    let (mut covered, mut behavioural) = (0, 0);
    let mut section = "";
    for (i, rule) in rules.iter().enumerate() {
        let sec = &rule.number[..3];
        if sec != section {
            section = sec;
            rows.push_str(&format!("\n## {sec}\n\n| rule | text | cited by |\n|---|---|---|\n"));
        }
        let citing: Vec<String> =
            tests.iter().filter(|t| t.rules.contains(&i)).map(|t| format!("`{}`", t.name)).collect();
        let reason = exempt.iter().find(|(n, _)| *n == rule.number).map(|(_, r)| r.as_str());
        if reason.is_none() {
            behavioural += 1;
            covered += !citing.is_empty() as usize;
        }
        let cell = match (citing.is_empty(), reason) {
            (false, _) => citing.join(", "),
            (true, Some(r)) => format!("not behavioural: {r}"),
            (true, None) => "**none**".to_string(),
        };
        let mut text: String = rule.text.chars().take(70).collect();
        if text.len() < rule.text.len() {
            text.push('…');
        }
        rows.push_str(&format!("| {} | {} | {} |\n", rule.number, text.replace('|', "\\|"), cell));
    }
    let head = format!(
        "# Rules coverage\n\nGenerated by `gb rules coverage` from the rule citations (`CR 204.3`) in the tests and scenario \
         files under `crates/`; do not edit by hand (a test fails when it is stale). The rules are \
         `{RULES}`; the rules that state no behaviour are listed with their reasons in `{NOT_BEHAVIOURAL}`.\n\n\
         **{covered} of {behavioural} behavioural rules are cited by at least one test; {} numbered rules in CR 100–625.**\n",
        rules.len()
    );
    (head + &rows, (covered, behavioural, rules.len()))
}

/// Builds the table from the files under `root`.
pub(crate) fn generate(root: &Path) -> Result<(String, (usize, usize, usize)), String> {
    let read = |p: &str| std::fs::read_to_string(root.join(p)).map_err(|e| format!("{p}: {e}"));
    let rules = parse_rules(&read(RULES)?);
    let exempt = not_behavioural(&read(NOT_BEHAVIOURAL)?);
    for (n, _) in &exempt {
        if !rules.iter().any(|r| r.number == *n) {
            return Err(format!("{NOT_BEHAVIOURAL}: {n} is not a numbered rule"));
        }
    }
    let tests = citing_tests(root, &rules).map_err(|e| e.to_string())?;
    let (mut text, figures) = table(&rules, &tests, &exempt);
    text.push_str(&rulings::table(&rulings::parse(&read(rulings::RULINGS)?), &tests).0);
    Ok((text, figures))
}

/// `gb rules coverage [--check] [ROOT]`: writes the table (or, with `--check`, fails if the committed one differs).
pub(crate) fn coverage(check: bool, root: &Path) -> ExitCode {
    let (text, (covered, behavioural, total)) = match generate(root) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let path = root.join(TABLE);
    if check {
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            println!("{TABLE} is stale: run `gb rules coverage`");
            return ExitCode::FAILURE;
        }
    } else if let Err(e) = std::fs::write(&path, &text) {
        eprintln!("{}: {e}", path.display());
        return ExitCode::from(2);
    }
    println!("{covered} of {behavioural} behavioural rules covered; {total} numbered rules");
    ExitCode::SUCCESS
}

mod rulings;
#[cfg(test)]
mod tests;
