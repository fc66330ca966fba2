//! Checking a scenario's expectations against views and events.
use super::Expect;
use crate::ids::{Seat, Viewer};
use crate::state::MatchState;
use crate::view::view_for;
use serde_json::Value;

/// How an expectation compares: a whole value, or a list by what it contains or how many it has.
enum Form<'a> {
    Equals(&'a str),
    /// `path.contains = [...]` (or one value): each wanted element is in the list, each matched once.
    Contains(&'a str),
    /// `path.count = N`: the list has N elements.
    Count(&'a str),
    /// `path.count.NAME = N`: N elements of the list are NAME (a card by name, or a string).
    CountOf(&'a str, &'a str),
    /// `path.stars = N`: the list's cards have N stars in all (`a.action_meter.stars`, CR 303.2).
    Stars(&'a str),
}

fn form(path: &str) -> Form<'_> {
    if let Some(base) = path.strip_suffix(".contains") {
        Form::Contains(base)
    } else if let Some(base) = path.strip_suffix(".count") {
        Form::Count(base)
    } else if let Some(base) = path.strip_suffix(".stars") {
        Form::Stars(base)
    } else if let Some((base, name)) = path.split_once(".count.") {
        Form::CountOf(base, name)
    } else {
        Form::Equals(path)
    }
}

/// Paths start with a seat, `a.` … `f.` (read in that seat's own view, so own hands can be checked), or name a
/// field of the spectator's view (`pending.seat`, `outcome.winner` or `winner`, `places`, `round`); `events` is
/// the list of event types, `event.TYPE.field` a field of the first such event as the spectator saw it. Array elements are picked by index or by their `position` (`heroes.left`).
pub(super) fn check(state: &MatchState, expect: &Expect, events: &[Value]) -> Result<(), String> {
    let types: Vec<&str> = events.iter().filter_map(|e| e.get("type").and_then(Value::as_str)).collect();
    for (path, wanted) in &expect.fields {
        let wanted = serde_json::to_value(wanted).map_err(|e| e.to_string())?;
        let get = |base: &str| -> Result<Value, String> {
            if base == "events" {
                return Ok(Value::from(types.clone()));
            }
            if let Some(rest) = base.strip_prefix("event.") {
                // `event.TYPE.field`: the first event of that type, as the spectator was told it.
                let (kind, path) = rest.split_once('.').unwrap_or((rest, ""));
                let event = events.iter().find(|e| e.get("type").and_then(Value::as_str) == Some(kind));
                let event = event.ok_or_else(|| format!("no {kind} event; events were {types:?}"))?;
                return walk(event.clone(), path).ok_or_else(|| format!("no field {base}"));
            }
            lookup(state, base).ok_or_else(|| format!("no field {base}"))
        };
        let list = |base: &str| -> Result<Vec<Value>, String> {
            match get(base)? {
                Value::Array(a) => Ok(a),
                other => Err(format!("{base} is not a list but {other}")),
            }
        };
        match form(path) {
            Form::Equals(base) => {
                let got = get(base)?;
                if !same(&got, &wanted) {
                    return Err(format!("{path}: expected {wanted}, got {got}"));
                }
            }
            Form::Contains(base) => {
                let mut rest = list(base)?;
                let items = match &wanted {
                    Value::Array(a) => a.clone(),
                    one => vec![one.clone()],
                };
                for item in &items {
                    let Some(i) = rest.iter().position(|g| same(g, item)) else {
                        return Err(format!("{path}: {item} is not in {}", Value::from(list(base)?)));
                    };
                    rest.swap_remove(i);
                }
            }
            Form::Count(base) => {
                let got = list(base)?.len();
                if !same(&Value::from(got), &wanted) {
                    return Err(format!("{path}: expected {wanted} elements, got {got}"));
                }
            }
            Form::Stars(base) => {
                let mut got = 0u32;
                for card in list(base)? {
                    let slug = card.get("card").and_then(Value::as_str);
                    let def = slug.and_then(|c| crate::cards::catalogue().find(c));
                    got += u32::from(def.ok_or_else(|| format!("{path}: {card} is not a card"))?.def().stars);
                }
                if !same(&Value::from(got), &wanted) {
                    return Err(format!("{path}: expected {wanted} stars, got {got}"));
                }
            }
            Form::CountOf(base, name) => {
                let got = list(base)?.iter().filter(|g| same(g, &Value::from(name))).count();
                if !same(&Value::from(got), &wanted) {
                    return Err(format!("{path}: expected {wanted} of {name}, got {got}"));
                }
            }
        }
    }
    let mut rest = types.iter();
    for wanted in &expect.events {
        if !rest.any(|t| t == wanted) {
            return Err(format!("event {wanted} did not occur in order; events were {types:?}"));
        }
    }
    for unwanted in &expect.no_events {
        if types.contains(&unwanted.as_str()) {
            return Err(format!("event {unwanted} occurred; events were {types:?}"));
        }
    }
    Ok(())
}

/// Compares numbers by value, strings ignoring case, and a card object (`{id, card}`, its slug) with the card's
/// name or slug, resolved through the catalogue.
fn same(got: &Value, wanted: &Value) -> bool {
    match (got, wanted) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::String(a), Value::String(b)) => a.eq_ignore_ascii_case(b),
        (Value::Object(o), Value::String(b)) => {
            let wanted = crate::cards::catalogue().find(b).map(|d| d.def().id.as_str());
            wanted.is_some() && o.get("card").and_then(Value::as_str) == wanted
        }
        (Value::Array(a), Value::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Null, Value::Bool(false)) => true,
        (a, b) => a == b,
    }
}

/// The seat a path's first part names (`a` … `f`), if it is one of the match's seats.
fn seat_of(state: &MatchState, part: &str) -> Option<Seat> {
    let [letter] = part.as_bytes() else { return None };
    let seat = Seat::from_index(letter.checked_sub(b'a')? as usize)?;
    (seat.index() < state.table().seat_count()).then_some(seat)
}

fn lookup(state: &MatchState, path: &str) -> Option<Value> {
    // `winner` is short for `outcome.winner` (the two-player game's, or the last one standing, MP-30), null while
    // the match goes on.
    if path == "winner" {
        return Some(state.outcome().map_or(Value::Null, |o| serde_json::to_value(o.winner).unwrap_or_default()));
    }
    let mut parts = path.split('.').peekable();
    let node = match parts.peek().and_then(|p| seat_of(state, p)) {
        Some(seat) => {
            parts.next();
            let view = serde_json::to_value(view_for(state, Viewer::Seat(seat))).ok()?;
            view.get("players")?.get(seat.index())?.clone()
        }
        None => serde_json::to_value(view_for(state, Viewer::Spectator)).ok()?,
    };
    walk(node, &parts.collect::<Vec<_>>().join("."))
}

/// The fields a view or an event leaves out when empty (`skip_serializing_if` in view.rs and event.rs). Only
/// these read as null when absent, so a misspelled last part of a path is an error, never a silent `= false`.
const OMITTED_WHEN_EMPTY: [&str; 4] = ["places", "defender", "meter_passed", "eliminated"];

/// Follows `path` (dot-separated; empty for the node itself) down from `node`.
fn walk(mut node: Value, path: &str) -> Option<Value> {
    let mut parts = path.split('.').filter(|p| !p.is_empty()).peekable();
    while let Some(part) = parts.next() {
        let last = parts.peek().is_none();
        node = match node {
            // A view leaves out an optional field that is empty (`eliminated` of a living player, `outcome`
            // before the end): the last part of a path reads it as null, which equals only `false`.
            Value::Object(mut o) if last && OMITTED_WHEN_EMPTY.contains(&part) => o.remove(part).unwrap_or(Value::Null),
            Value::Object(mut o) => o.remove(part)?,
            Value::Array(a) => match part.parse::<usize>() {
                Ok(i) => a.into_iter().nth(i)?,
                Err(_) => a.into_iter().find(|e| e.get("position").and_then(Value::as_str) == Some(part))?,
            },
            _ => return None,
        };
    }
    Some(node)
}
