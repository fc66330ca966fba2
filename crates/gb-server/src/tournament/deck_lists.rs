//! Deck lists are the event's secret while it runs (docs/tournaments.md, "Deck lists"): a table's match record
//! carries both locked lists, bench included, and both players go on playing those lists in later rounds. So no
//! public read shows a registered list before the event is over; then the organizer's `deck_lists` setting says
//! whose are published. The rule is read from the database (the room's stored config names its event), so it
//! holds the same after idle eviction, a restart, a re-pairing or on any node.
use crate::db::Db;
use gb_tournament::{DeckLists, Pairing, Tournament};
use std::collections::HashSet;

/// The players whose lists `t` publishes, once it is over.
pub fn published(t: &Tournament) -> HashSet<&str> {
    match t.settings.deck_lists {
        DeckLists::Private => HashSet::new(),
        DeckLists::All => t.players.iter().map(|p| p.id.as_str()).collect(),
        DeckLists::TopCut => (1..=t.rounds.len() as u32)
            .filter(|&r| gb_tournament::is_playoff_round(t, r).unwrap_or(false))
            .flat_map(|r| &t.rounds[r as usize - 1].pairings)
            .flat_map(|p| match p {
                Pairing::Table(tb) => tb.players.iter().map(String::as_str).collect::<Vec<_>>(),
                Pairing::Bye(b) => vec![b.bye.as_str()],
            })
            .collect(),
    }
}

/// Why the record of a match played by `players` at a table of `event` is withheld, or `None` once the event is
/// over and publishes both lists. An event that no longer exists withholds (nothing says it published them).
pub async fn withheld(db: &Db, event: &str, players: &[Option<String>]) -> anyhow::Result<Option<String>> {
    let row = crate::db::tournaments::event(db, event).await?;
    if row.as_ref().is_none_or(|r| r.status != super::EventStatus::Finished) {
        return Ok(Some(
            "the deck lists of an event's tables are withheld until the event is over; its organizer then chooses \
             whether to publish them"
                .to_owned(),
        ));
    }
    let Some(t) = crate::db::tournaments::load(db, event).await? else { return Ok(Some(private())) };
    let public = published(&t);
    let all = players.iter().all(|p| p.as_deref().is_some_and(|p| public.contains(p)));
    Ok((!all).then(private))
}

fn private() -> String {
    "the event's organizer did not publish these deck lists".to_owned()
}
