//! The event actor driven directly, without HTTP: its dependencies built around a bare SQLite database
//! (`TournamentDeps::local`), commands sent through its handle, refusals seen as [`TournamentError`] variants.
use super::{EventStatus, Op, TournamentDeps, TournamentError, TournamentHandle, create_local};
use crate::db::Db;
use std::path::PathBuf;

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn deps() -> (TournamentDeps, TempDir) {
    let dir = std::env::temp_dir().join(format!("gb-event-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}/gb.sqlite?mode=rwc", dir.display());
    let db = Db::connect(&url).await.unwrap();
    (TournamentDeps::local(db, &crate::settings::Settings::local(&url)).await, TempDir(dir))
}

fn swiss(rounds: u8) -> gb_tournament::Tournament {
    let settings = serde_json::json!({
        "structure": { "kind": "swiss", "rounds": rounds }, "games_per_match": 1, "next_game_chooser": "loser",
        "end_of_round": { "extra_turns": 1 },
    });
    gb_tournament::Tournament {
        format: gb_tournament::TOURNAMENT_FORMAT.to_owned(),
        name: "Actor test".to_owned(),
        seed: 7,
        settings: serde_json::from_value(settings).unwrap(),
        players: vec![],
        roster: vec![],
        rounds: vec![],
        corrections: vec![],
    }
}

fn deck() -> gb_core::DeckList {
    gb_core::decks::preconstructed().remove(0).1
}

async fn run(h: &TournamentHandle, actor: &str, op: Op) -> Result<(), TournamentError> {
    h.run(actor, op).await
}

#[tokio::test]
async fn an_event_runs_a_round_without_http() {
    let (deps, _dir) = deps().await;
    let h = create_local(deps.clone(), "org", swiss(1)).await.unwrap();
    assert!(deps.tournaments.get(&h.id).is_some(), "the actor registers itself");
    for p in ["ann", "bob"] {
        run(&h, p, Op::Register { name: p.to_uppercase(), deck: deck() }).await.unwrap();
    }
    let again = run(&h, "ann", Op::Register { name: "ANN".into(), deck: deck() }).await;
    assert!(matches!(again, Err(TournamentError::AlreadyRegistered)), "{again:?}");
    let early = run(&h, "org", Op::StartRound).await;
    assert!(matches!(early, Err(TournamentError::RegistrationOpen)), "{early:?}");
    let not_org = run(&h, "ann", Op::CloseRegistration).await;
    assert!(matches!(not_org, Err(TournamentError::NotOrganizer)), "{not_org:?}");
    run(&h, "org", Op::CloseRegistration).await.unwrap();
    run(&h, "org", Op::StartRound).await.unwrap();
    assert_eq!(h.view.borrow().status, EventStatus::Running);

    let wrong = run(&h, "ann", Op::Concede { round: 2, table: 1, player: "ann".into() }).await;
    assert!(matches!(wrong, Err(TournamentError::NotCurrentRound { round: 2 })), "{wrong:?}");
    let no_table = run(&h, "ann", Op::Concede { round: 1, table: 9, player: "ann".into() }).await;
    assert!(matches!(no_table, Err(TournamentError::NoSuchTable { round: 1, table: 9 })), "{no_table:?}");
    assert_eq!(no_table.unwrap_err().to_string(), "round 1 has no table 9");

    run(&h, "ann", Op::Concede { round: 1, table: 1, player: "ann".into() }).await.unwrap();
    let view = h.view.borrow().clone();
    assert!(view.over, "the one round's only table has its result");
    assert_eq!(view.status, EventStatus::Finished);
    let stored = crate::db::tournaments::load(deps.db(), &h.id).await.unwrap().expect("stored");
    assert_eq!(stored.rounds.len(), 1, "every change is written before it is applied");

    let over = run(&h, "ann", Op::Concede { round: 1, table: 1, player: "ann".into() }).await;
    assert!(matches!(over, Err(TournamentError::MatchOver { table: 1 })), "{over:?}");
    deps.shutdown().cancel();
}

#[test]
fn refusals_keep_their_status_and_code() {
    let cases = [
        (TournamentError::Stopped, 503, "event_stopped", "the event is not running"),
        (TournamentError::NoSuchTable { round: 2, table: 3 }, 404, "no_such_table", "round 2 has no table 3"),
        (TournamentError::LateEntriesClosed { cutoff: Some(2) }, 409, "late_entries_closed", ""),
        (TournamentError::NotDrawParty, 403, "not_at_table", ""),
        (TournamentError::ConcederNotAtTable { player: "x".into(), table: 1 }, 422, "not_at_table", ""),
        (TournamentError::EmptyAnnouncement, 400, "empty_announcement", "an announcement says something"),
        (TournamentError::Storage("disk full".into()), 500, "internal", "internal server error"),
    ];
    for (e, status, code, message) in cases {
        let api = crate::error::ApiError::from(e);
        assert_eq!((api.status.as_u16(), api.code), (status, code));
        if !message.is_empty() {
            assert_eq!(api.message, message);
        }
    }
    let wait = std::time::Duration::from_secs(3);
    let api = crate::error::ApiError::from(TournamentError::AnnouncingTooFast { burst: 5, wait });
    assert_eq!((api.status.as_u16(), api.code, api.retry_after), (429, "announcing_too_fast", Some(wait)));
    assert_eq!(api.message, "at most 5 announcements a minute: wait 4 s");
}
