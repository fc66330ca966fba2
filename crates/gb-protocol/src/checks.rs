//! The checks the server runs on a REST body before it reads any state (docs/protocol.md): a room's settings,
//! an event's, an organizer's reason, a deck to save or validate. Pure, so the fuzz targets (docs/fuzzing.md) run
//! exactly what the handlers run; each refusal names the field it is about.
use crate::error::Refusal;
use crate::room::{BotLevel, ClockSetting, CreateRoom, RematchRequest, SpectatorDelay, TWO_SEATS};
use crate::tournament::CreateTournament;
use crate::{ValidateBody, ValidateReply, names};
use gb_core::DeckList;
use gb_tournament::{Settings, Structure, TOURNAMENT_FORMAT, Tournament};

/// `POST /api/rooms`: the settings, then the computer's level (`None` for a room of people only). The level's
/// name is the bot crate's to read (`parse_level`), which this crate does not depend on.
pub fn create_room(
    body: &CreateRoom,
    parse_level: impl Fn(&str) -> Result<BotLevel, String>,
) -> Result<Option<BotLevel>, Refusal> {
    room_settings(body)?;
    bot_level(body, parse_level)
}

/// The computer's level for a vs-computer room (default greedy); `None` for a room of two people. A
/// free-for-all may name one for the computers its host's start seats (the start's default is greedy).
fn bot_level(
    body: &CreateRoom,
    parse_level: impl Fn(&str) -> Result<BotLevel, String>,
) -> Result<Option<BotLevel>, Refusal> {
    let parsed = |name| parse_level(name).map(Some).map_err(|why| Refusal::bad_request("unknown_bot_level", why));
    match (body.vs_bot, body.bot_level.as_deref()) {
        (false, None) => Ok(None),
        (false, Some(name)) if body.seats > TWO_SEATS => parsed(name),
        (false, Some(_)) => Err(Refusal::bad_request(
            "bot_level_without_bot",
            "bot_level applies only to rooms with vs_bot: true or a free-for-all",
        )),
        (true, None) => Ok(Some(BotLevel::default())),
        (true, Some(name)) => parsed(name),
    }
}

fn room_settings(body: &CreateRoom) -> Result<(), Refusal> {
    if !matches!(body.best_of, 1 | 3) {
        return Err(Refusal::unprocessable("bad_best_of", "best_of is 1 or 3"));
    }
    // MP-1: two seats (CR) or a free-for-all of 3 to 6; the free-for-all has no rounds or series (MP-2, MP-8).
    if !(TWO_SEATS..=6).contains(&body.seats) {
        return Err(Refusal::unprocessable("bad_seats", "seats is 2, or 3 to 6 for a free-for-all (MP-1)"));
    }
    if body.seats > TWO_SEATS && body.best_of != 1 {
        return Err(Refusal::unprocessable("free_for_all_best_of", "a free-for-all is one game: best_of 1 (MP-2)"));
    }
    // Only games between two people are rated (docs/ratings.md).
    if body.rated && body.vs_bot {
        return Err(Refusal::unprocessable("rated_vs_computer", "a game against the computer is never rated"));
    }
    if body.rated && body.seats > TWO_SEATS {
        return Err(Refusal::unprocessable("rated_free_for_all", "a free-for-all is never rated"));
    }
    if body.seats > TWO_SEATS && body.vs_bot {
        return Err(Refusal::unprocessable(
            "free_for_all_vs_bot",
            "a free-for-all seats computers when its host starts it (POST /api/rooms/{id}/start), not vs_bot",
        ));
    }
    let ok_ms = |ms: u32| (500..=86_400_000).contains(&ms);
    let clock_ok = match body.clock {
        None => true,
        Some(ClockSetting::Chess { initial_ms, increment_ms, disconnect_bank_ms }) => {
            ok_ms(initial_ms) && increment_ms <= 600_000 && ok_ms(disconnect_bank_ms)
        }
        Some(ClockSetting::PerTurn { limit_ms, disconnect_bank_ms }) => ok_ms(limit_ms) && ok_ms(disconnect_bank_ms),
    };
    if !clock_ok {
        return Err(Refusal::unprocessable("bad_clock", "clock times must lie between 0.5 s and 24 h"));
    }
    match body.spectator_delay {
        Some(SpectatorDelay::Seconds(s)) if s > 3600 => {
            Err(Refusal::unprocessable("bad_spectator_delay", "spectator_delay is at most 3600 seconds"))
        }
        Some(SpectatorDelay::Turns(t)) if t > 50 => {
            Err(Refusal::unprocessable("bad_spectator_delay", "spectator_delay is at most 50 turns"))
        }
        _ => Ok(()),
    }
}

/// `POST /api/rooms/{id}/rematch`: an empty body asks for nothing in particular.
pub fn rematch(body: &[u8]) -> Result<RematchRequest, Refusal> {
    if body.is_empty() {
        return Ok(RematchRequest::default());
    }
    serde_json::from_slice(body).map_err(|e| Refusal::bad_request("bad_json", e.to_string()))
}

/// `POST /api/tournaments`: the event as created, with no players yet, its seed given or `seed()`'s. Its standings
/// are computed once, so settings the tournament crate cannot run are refused now rather than at round 1.
pub fn create_tournament(body: CreateTournament, seed: impl FnOnce() -> u64) -> Result<Tournament, Refusal> {
    tournament_settings(&body.settings)?;
    let name = body.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(Refusal::unprocessable("bad_name", "an event name has 1 to 80 characters"));
    }
    let t = Tournament {
        format: TOURNAMENT_FORMAT.to_owned(),
        name,
        seed: body.seed.unwrap_or_else(seed),
        settings: body.settings,
        players: vec![],
        roster: vec![],
        rounds: vec![],
        corrections: vec![],
    };
    gb_tournament::standings(&t).map_err(|e| Refusal::unprocessable("bad_settings", e.to_string()))?;
    Ok(t)
}

fn tournament_settings(s: &Settings) -> Result<(), Refusal> {
    let bad = |code, msg: &str| Err(Refusal::unprocessable(code, msg.to_owned()));
    if !matches!(s.games_per_match, 1 | 3) {
        return bad("bad_games_per_match", "games_per_match is 1 or 3");
    }
    if s.seats != 2 {
        return bad(
            "tournament_seats",
            "a tournament table seats two players (the free-for-all, MP-1, is not played in events)",
        );
    }
    if let Structure::Swiss { top_cut: Some(n), .. } = s.structure
        && !matches!(n, 2 | 4 | 8)
    {
        return bad("bad_top_cut", "a top cut is of 2, 4 or 8 players");
    }
    if !(1..=24 * 60).contains(&s.round_minutes) {
        return bad("bad_round_minutes", "round_minutes lies between 1 and 1440");
    }
    if s.round_seconds.is_some_and(|n| !(1..=24 * 3600).contains(&n)) {
        return bad("bad_round_seconds", "round_seconds lies between 1 and 86400");
    }
    if s.no_show_seconds > 3600 {
        return bad("bad_no_show_seconds", "no_show_seconds lies between 0 (no automatic no-shows) and 3600");
    }
    if s.spectator_delay_seconds > 3600 {
        return bad("bad_spectator_delay", "spectator_delay_seconds is at most 3600");
    }
    Ok(())
}

/// An organizer's override says why (it goes to the audit log); `what` names the override.
pub fn reason_given(reason: &str, what: &str) -> Result<(), Refusal> {
    if reason.trim().is_empty() {
        // The field's name too: "a correction says why" alone does not tell a client which field was empty.
        return Err(Refusal::unprocessable("reason_required", format!("{what} says why: `reason` is empty")));
    }
    Ok(())
}

/// `POST`/`PUT /api/decks`: the name to store (the one given, else the list's, else "Untitled deck") and the list
/// under that name, once the name and the deck-building rules (CR 101) allow it.
pub fn deck(name: Option<&str>, mut list: DeckList) -> Result<(String, DeckList), Refusal> {
    let name = match name {
        Some(n) => n.to_owned(),
        None if list.name.trim().is_empty() => "Untitled deck".to_owned(),
        None => list.name.clone(),
    };
    let name = names::deck_name(&name)?;
    list.validate().map_err(Refusal::invalid_deck)?;
    list.name = name.clone();
    Ok((name, list))
}

/// `POST /api/decks/validate`: every rule the list (or the text) breaks; refused only when it sends neither.
pub fn validate_deck(body: ValidateBody) -> Result<ValidateReply, Refusal> {
    let list = match (body.list, body.text) {
        (Some(list), _) => list,
        (None, Some(text)) => match DeckList::parse_text(&text) {
            Ok(list) => list,
            Err(errors) => return Ok(ValidateReply { ok: false, errors }),
        },
        (None, None) => return Err(Refusal::bad_request("missing_deck", "send either `list` or `text`")),
    };
    let errors = list.validate().err().unwrap_or_default();
    Ok(ValidateReply { ok: errors.is_empty(), errors })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `rest_events` fuzz target (docs/fuzzing.md): the refusal named no field.
    #[test]
    fn a_missing_reason_is_refused_by_its_field_name() {
        for blank in ["", "  \n"] {
            let r = reason_given(blank, "a correction").unwrap_err();
            assert_eq!((r.code, r.message.as_str()), ("reason_required", "a correction says why: `reason` is empty"));
        }
        assert!(reason_given("the slip", "a correction").is_ok());
    }

    /// "at most 3600 seconds" alone named no field of an event's settings (the rest_events target's rule).
    #[test]
    fn a_spectator_delay_refusal_names_its_field() {
        let settings: Settings = serde_json::from_value(serde_json::json!({
            "structure": { "kind": "swiss", "rounds": 3 }, "games_per_match": 1, "next_game_chooser": "loser",
            "end_of_round": { "extra_turns": 3 }, "spectator_delay_seconds": 3601
        }))
        .unwrap();
        let body = CreateTournament { name: "Friday".into(), settings, seed: Some(1) };
        let r = create_tournament(body, || 0).unwrap_err();
        assert_eq!((r.code, r.message.as_str()), ("bad_spectator_delay", "spectator_delay_seconds is at most 3600"));
    }
}
