//! Reads the server's Prometheus `/metrics`: summary quantiles of `gb_intent_to_last_frame_seconds` (intent
//! read → last frame written, measured inside the server), counters, and the persistence batch figures.
use std::collections::BTreeMap;

/// Every sample line as `name{labels}` → value.
pub async fn scrape(client: &reqwest::Client, base: &str) -> BTreeMap<String, f64> {
    let Ok(r) = client.get(format!("{base}/metrics")).send().await else { return BTreeMap::new() };
    let text = r.text().await.unwrap_or_default();
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let (k, v) = l.rsplit_once(' ')?;
            Some((k.to_owned(), v.parse().ok()?))
        })
        .collect()
}

/// A quantile of a summary, e.g. `quantile(m, "gb_intent_to_last_frame_seconds", "0.99")`.
pub fn quantile(m: &BTreeMap<String, f64>, name: &str, q: &str) -> Option<f64> {
    m.get(&format!("{name}{{quantile=\"{q}\"}}")).copied()
}

/// Sum of all series of a metric whose key starts with `name` followed by `{` or nothing.
pub fn total(m: &BTreeMap<String, f64>, name: &str) -> f64 {
    m.iter().filter(|(k, _)| *k == name || k.starts_with(&format!("{name}{{"))).map(|(_, v)| v).sum()
}
