//! Reads the server's Prometheus `/metrics`: summary quantiles of `gb_intent_to_last_frame_seconds` (intent
//! read → last frame written, measured inside the server), counters, and the persistence batch figures.
use std::collections::BTreeMap;

/// Every sample line as `name{labels}` → value.
pub(crate) async fn scrape(client: &reqwest::Client, base: &str) -> BTreeMap<String, f64> {
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
pub(crate) fn quantile(m: &BTreeMap<String, f64>, name: &str, q: &str) -> Option<f64> {
    m.get(&format!("{name}{{quantile=\"{q}\"}}")).copied()
}

/// Sum of all series of a metric whose key starts with `name` followed by `{` or nothing.
pub(crate) fn total(m: &BTreeMap<String, f64>, name: &str) -> f64 {
    m.iter().filter(|(k, _)| *k == name || k.starts_with(&format!("{name}{{"))).map(|(_, v)| v).sum()
}

/// A quantile of a cumulative-bucket histogram over the window between two scrapes (`after` − `before`),
/// interpolated linearly inside the bucket; past the last finite bound it answers that bound (a floor).
pub(crate) fn bucket_quantile(
    before: &BTreeMap<String, f64>,
    after: &BTreeMap<String, f64>,
    name: &str,
    q: f64,
) -> Option<f64> {
    let prefix = format!("{name}_bucket{{le=\"");
    let mut buckets: Vec<(f64, f64)> = after
        .iter()
        .filter_map(|(k, v)| {
            let le = k.strip_prefix(&prefix)?.strip_suffix("\"}")?;
            let bound = if le == "+Inf" { f64::INFINITY } else { le.parse().ok()? };
            Some((bound, v - before.get(k).copied().unwrap_or(0.0)))
        })
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total = buckets.last()?.1;
    if total <= 0.0 {
        return None;
    }
    let target = q * total;
    let (mut lo, mut below) = (0.0, 0.0);
    for (bound, count) in buckets {
        if count >= target {
            if bound.is_infinite() {
                return Some(lo);
            }
            let share = if count > below { (target - below) / (count - below) } else { 1.0 };
            return Some(lo + share * (bound - lo));
        }
        (lo, below) = (bound, count);
    }
    None
}
