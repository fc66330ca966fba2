//! Names, not account ids, wherever people read about players (docs/tournaments.md, "Names"). gb-tournament
//! speaks of players by their ids (the file's `id`, short words in a hand-written file); on the server an id is
//! an account id, which means nothing to a player or an organizer. Its pairing explanations, its refusals and
//! the audit entries are turned into names here, once, at the edge where they are written or shown.
use gb_tournament::Tournament;
use serde_json::Value;

/// `text` with every player id replaced by the player's name (longest ids first, so no id is cut in two).
pub fn named(t: &Tournament, text: &str) -> String {
    let mut players: Vec<_> = t.players.iter().filter(|p| !p.id.is_empty()).collect();
    players.sort_by_key(|p| std::cmp::Reverse(p.id.len()));
    players.iter().fold(text.to_owned(), |s, p| s.replace(&p.id, &p.name))
}

/// An audit entry's detail for people: every text naming players is given names, and each field holding a
/// player's id (`player`, `players`, `bye`, a pairing's) gets its `…_name` twin, so the entry still says
/// exactly whom it is about and reads without a lookup.
pub fn name_detail(t: &Tournament, detail: &mut Value) {
    match detail {
        Value::Object(map) => {
            let mut twins = Vec::new();
            for (key, value) in map.iter_mut() {
                match value {
                    Value::String(s) if is_player(t, s) => {
                        twins.push((format!("{key}_name"), Value::String(name(t, s))))
                    }
                    Value::Array(items)
                        if items.iter().all(|v| v.as_str().is_some_and(|s| is_player(t, s))) && !items.is_empty() =>
                    {
                        let names =
                            items.iter().map(|v| Value::String(name(t, v.as_str().unwrap_or_default()))).collect();
                        twins.push((format!("{key}_names"), Value::Array(names)));
                    }
                    other => name_detail(t, other),
                }
            }
            map.extend(twins);
        }
        Value::Array(items) => items.iter_mut().for_each(|v| name_detail(t, v)),
        Value::String(s) => *s = named(t, s),
        _ => {}
    }
}

fn is_player(t: &Tournament, s: &str) -> bool {
    t.players.iter().any(|p| p.id == s)
}

/// A player's name for people (docs/tournaments.md: names, not account ids, in explanations and the audit).
pub(super) fn name_of<'t>(t: &'t Tournament, id: &'t str) -> &'t str {
    t.players.iter().find(|p| p.id == id).map_or(id, |p| p.name.as_str())
}

fn name(t: &Tournament, id: &str) -> String {
    name_of(t, id).to_owned()
}
