//! The tournament log on both databases: the documented example event written row by row as a server runs it
//! (registration, a late entry, rounds paired then results arriving, a drop, a correction, the audit log) reads
//! back as the same tournament, with the same standings and the same next pairing.
use crate::helpers::{Backend, test_database};
use gb_server::db::{Db, tournaments};
use gb_tournament::{Pairing, TableResult, Tournament, pair_next_round, standings};

on_both_backends!(a_tournament_log_survives_the_database);

async fn a_tournament_log_survives_the_database(backend: Backend) {
    let database = test_database(backend).await;
    let db = Db::connect(&database.url).await.unwrap();
    let file: Tournament = gb_tournament::parse(include_str!("../../../../docs/examples/event-swiss-8.json")).unwrap();
    let mut registration = file.clone();
    registration.players.retain(|p| p.entered_round == 1);
    tournaments::create(&db, "fnb", Some("organizer"), &registration).await.unwrap();
    for (r, round) in file.rounds.iter().enumerate() {
        let number = r as u32 + 1;
        for late in file.players.iter().filter(|p| p.entered_round == number && number > 1) {
            tournaments::add_player(&db, "fnb", late, None).await.unwrap();
            tournaments::audit(&db, "fnb", "organizer", "late_entry", &serde_json::json!({ "player": late.id }))
                .await
                .unwrap();
        }
        for change in file.roster.iter().filter(|c| c.before_round == number) {
            tournaments::add_roster_change(&db, "fnb", change).await.unwrap();
        }
        for c in file.corrections.iter().filter(|c| c.before_round == Some(number)) {
            tournaments::add_correction(&db, "fnb", c).await.unwrap();
            tournaments::audit(
                &db,
                "fnb",
                "head judge",
                "correction",
                &serde_json::json!({ "round": c.round, "table": c.table, "reason": c.reason }),
            )
            .await
            .unwrap();
        }
        // Paired with no results, then each table's result arrives.
        let paired: Vec<Pairing> = round
            .pairings
            .iter()
            .map(|p| match p {
                Pairing::Table(t) => {
                    Pairing::Table(gb_tournament::Table { result: TableResult::default(), ..t.clone() })
                }
                bye => bye.clone(),
            })
            .collect();
        tournaments::insert_round(&db, "fnb", number, &paired).await.unwrap();
        tournaments::audit(&db, "fnb", "organizer", "pair_round", &serde_json::json!({ "round": number }))
            .await
            .unwrap();
        let in_progress = tournaments::load(&db, "fnb").await.unwrap().unwrap();
        assert!(matches!(pair_next_round(&in_progress), Err(gb_tournament::PairingError::RoundInProgress { .. })));
        for p in &round.pairings {
            if let Pairing::Table(t) = p {
                tournaments::set_room(&db, "fnb", number, t.table, &format!("room-{number}-{}", t.table))
                    .await
                    .unwrap();
                assert!(tournaments::record_result(&db, "fnb", number, t.table, &t.result).await.unwrap());
            }
        }
    }
    let loaded = tournaments::load(&db, "fnb").await.unwrap().unwrap();
    assert_eq!(loaded, file);
    assert_eq!(standings(&loaded).unwrap(), standings(&file).unwrap());
    assert_eq!(pair_next_round(&loaded).unwrap(), pair_next_round(&file).unwrap());

    let log = tournaments::audit_log(&db, "fnb").await.unwrap();
    let actions: Vec<&str> = log.iter().map(|a| a.action.as_str()).collect();
    assert_eq!(actions, ["pair_round", "late_entry", "pair_round", "correction", "pair_round"]);
    assert_eq!(log.iter().map(|a| a.seq).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);

    assert!(!tournaments::record_result(&db, "fnb", 1, 99, &TableResult::default()).await.unwrap());
    assert!(tournaments::load(&db, "nope").await.unwrap().is_none());
    db.close().await;
}
