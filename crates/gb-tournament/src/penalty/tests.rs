//! Penalties in the log: what each does to the match and the standings (docs/tournaments.md, "Penalties").
use super::*;
use crate::outcome::{MatchOutcome, score};
use crate::{parse, standings};

/// A two-player, one-round event whose table 1 holds `games` and `judge` (JSON arrays).
fn event(games_per_match: u8, games: &str, judge: &str) -> String {
    format!(
        r#"{{"format":"gb-tournament-v1","name":"p","seed":1,
            "settings":{{"structure":{{"kind":"swiss","rounds":1}},"games_per_match":{games_per_match},
                         "next_game_chooser":"loser","end_of_round":{{"extra_turns":3}}}},
            "players":[{{"id":"ada","name":"Ada"}},{{"id":"bea","name":"Bea"}}],
            "rounds":[{{"pairings":[{{"table":1,"players":["ada","bea"],"games":{games},"judge":{judge}}}]}}]}}"#
    )
}

fn row<'s>(s: &'s crate::Standings, id: &str) -> &'s crate::Standing {
    s.players.iter().find(|p| p.player == id).expect("a standing")
}

const GAME_LOSS_ADA: &str =
    r#"{"result":"game_loss","player":"ada","reason":"late","infraction":"tardiness","judge":"Jo"}"#;

#[test]
fn a_best_of_three_game_loss_is_one_game_won_by_the_opponent() {
    // Ada's game loss, then one game each: Bea leads 2-1 and wins the match.
    let t = parse(&event(
        3,
        &format!(r#"[{GAME_LOSS_ADA},{{"result":"win","winner":"ada"}},{{"result":"win","winner":"bea"}}]"#),
        "[]",
    ))
    .unwrap();
    let s = standings(&t).unwrap();
    let (ada, bea) = (row(&s, "ada"), row(&s, "bea"));
    assert_eq!((bea.match_points, bea.games.to_string()), (3, "2-1-0".to_owned()));
    assert_eq!((ada.match_points, ada.games.to_string()), (0, "1-2-0".to_owned()));
    // On its own it leaves the match open at 0-1.
    let open = parse(&event(3, &format!("[{GAME_LOSS_ADA}]"), "[]")).unwrap();
    let crate::Pairing::Table(tb) = &open.rounds[0].pairings[0] else { panic!() };
    let scored = score(&tb.players, &tb.result, 2);
    assert_eq!((scored.wins, scored.outcome), ([0, 1], MatchOutcome::Pending));
}

#[test]
fn a_best_of_one_game_loss_decides_the_match_and_no_game_follows() {
    let t = parse(&event(1, &format!("[{GAME_LOSS_ADA}]"), "[]")).unwrap();
    let s = standings(&t).unwrap();
    assert_eq!((row(&s, "bea").match_points, row(&s, "bea").games.to_string()), (3, "1-0-0".to_owned()));
    assert_eq!(row(&s, "ada").record.to_string(), "0-1-0");
    let after = parse(&event(1, &format!(r#"[{GAME_LOSS_ADA},{{"result":"win","winner":"ada"}}]"#), "[]"));
    assert!(after.unwrap_err().message.contains("the match was already won (0-1)"));
}

#[test]
fn warnings_and_time_extensions_change_no_score() {
    let judge = r#"[{"action":"warning","player":"ada","reason":"shuffling","infraction":"deck_problem","judge":"Jo"},
                    {"action":"time_extension","minutes":600,"infraction":"ruling_or_deck_check","judge":"Jo"}]"#;
    let plain = standings(
        &parse(&event(3, r#"[{"result":"win","winner":"ada"},{"result":"win","winner":"ada"}]"#, "[]")).unwrap(),
    );
    let penalized = standings(
        &parse(&event(3, r#"[{"result":"win","winner":"ada"},{"result":"win","winner":"ada"}]"#, judge)).unwrap(),
    );
    assert_eq!(plain, penalized);
    let warned_stranger = r#"[{"action":"warning","player":"zed"}]"#;
    let err = parse(&event(3, "[]", warned_stranger)).unwrap_err();
    assert_eq!(err.path, "rounds[0].pairings[0].judge[0].player");
}

#[test]
fn penalties_are_listed_with_infraction_and_judge() {
    let judge = r#"[{"action":"warning","player":"bea","reason":"talking","infraction":"outside_assistance","judge":"Jo"},
                    {"action":"time_extension","minutes":7,"judge":"Max"}]"#;
    let t = parse(&event(3, &format!("[{GAME_LOSS_ADA}]"), judge)).unwrap();
    let listed = penalties(&t);
    let kinds: Vec<_> = listed.iter().map(|p| (p.kind, p.player.as_deref(), p.judge.as_deref())).collect();
    assert_eq!(
        kinds,
        [
            (PenaltyKind::GameLoss, Some("ada"), Some("Jo")),
            (PenaltyKind::Warning, Some("bea"), Some("Jo")),
            (PenaltyKind::TimeExtension, None, Some("Max"))
        ]
    );
    assert_eq!(listed[0].infraction.map(Infraction::label), Some("Tardiness"));
    assert_eq!(listed[2].minutes, Some(7));
}

#[test]
fn files_written_before_penalties_had_infractions_still_load() {
    let old = event(
        3,
        r#"[{"result":"game_loss","player":"ada"},{"result":"win","winner":"bea"}]"#,
        r#"[{"action":"match_loss","player":"bea","reason":"no-show"},{"action":"time_extension","minutes":5}]"#,
    );
    let t = parse(&old).unwrap();
    let listed = penalties(&t);
    assert_eq!(listed.len(), 3);
    assert!(listed.iter().all(|p| p.infraction.is_none() && p.judge.is_none()));
    // Written back unchanged: the new fields are left out when absent.
    let again: serde_json::Value = serde_json::to_value(&t).unwrap();
    assert_eq!(
        again["rounds"][0]["pairings"][0]["judge"][0],
        serde_json::json!({"action":"match_loss","player":"bea","reason":"no-show"})
    );
}
