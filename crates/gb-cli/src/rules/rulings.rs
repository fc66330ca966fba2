//! The free-for-all's rulings (`docs/multiplayer-rulings.md`, `### MP-n Title`) and which tests cite them
//! (`MP-20`, one number per citation), appended to the rules coverage table.
use super::Citing;
use std::collections::BTreeSet;

pub(super) const RULINGS: &str = "docs/multiplayer-rulings.md";

/// Each ruling's number and title, in the document's order.
pub(super) fn parse(text: &str) -> Vec<(u8, String)> {
    text.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("### MP-")?;
            let (n, title) = rest.split_once(' ')?;
            Some((n.parse().ok()?, title.trim().to_string()))
        })
        .collect()
}

/// Every ruling `text` cites as `MP-n` (not part of a longer word or number).
pub(super) fn citations(text: &str) -> BTreeSet<u8> {
    let mut out = BTreeSet::new();
    for (at, _) in text.match_indices("MP-") {
        if text[..at].chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric()) {
            continue;
        }
        let digits: String = text[at + 3..].chars().take_while(char::is_ascii_digit).collect();
        if let Ok(n) = digits.parse() {
            out.insert(n);
        }
    }
    out
}

/// The rulings section of the table, and how many rulings are cited.
pub(super) fn table(rulings: &[(u8, String)], tests: &[Citing]) -> (String, usize) {
    let mut rows = String::new();
    let mut cited = 0;
    for (n, title) in rulings {
        let citing: Vec<String> =
            tests.iter().filter(|t| t.rulings.contains(n)).map(|t| format!("`{}`", t.name)).collect();
        cited += !citing.is_empty() as usize;
        let cell = if citing.is_empty() { "**none**".to_string() } else { citing.join(", ") };
        rows.push_str(&format!("| MP-{n} | {} | {cell} |\n", title.replace('|', "\\|")));
    }
    let head = format!(
        "\n## Free-for-all rulings\n\nThe rulings of `{RULINGS}` (MP-n) cited by tests and scenario files: **{cited} of {} \
         cited.** Rulings no scenario can state are listed in `docs/scenarios.md` with where they are tested.\n\n\
         | ruling | title | cited by |\n|---|---|---|\n",
        rulings.len()
    );
    (head + &rows, cited)
}
