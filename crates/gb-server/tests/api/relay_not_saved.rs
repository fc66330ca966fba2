//! A relayed seat whose intent the owner could not save is told `not_saved` and closed with 1012, as a local
//! socket is (rebuild.rs; protocol.md "Close codes"): its client resumes from the log instead of waiting on a
//! room rebuilt under it. Found by the power-loss chaos test (tests/cluster/power_loss.rs).
use crate::relay::{NATS, two_nodes};
use crate::wsclient::{Lcg, advance, choose, connect};
use gb_server::Db;
use serde_json::{Value, json};

#[tokio::test]
async fn a_relayed_seat_whose_intent_was_not_saved_is_closed_and_resumes_from_the_log() {
    let (one, two, room, [a, b]) = two_nodes(NATS).await;
    // Both seats on node 2: whichever has the choice is relayed.
    let (mut wa, _) = connect(&two.address, &room, Some(&a.cookie), "player", None).await;
    let (mut wb, _) = connect(&two.address, &room, Some(&b.cookie), "player", None).await;
    let mut last = [wa.next_of("snapshot").await, wb.next_of("snapshot").await];
    let v = advance([&mut wa, &mut wb], &mut last, &mut Lcg(3), 4).await;
    let owner = usize::from(choose(&last[0], &mut Lcg(0)).is_none());
    // The database refuses this match's next row (as a full disk would): an append that fails, not one fenced
    // by a newer owner (that one stands down without a word, persist/mod.rs).
    let info: Value =
        one.client.get(format!("{}/api/rooms/{room}", one.address)).send().await.unwrap().json().await.unwrap();
    let match_id = info["games"][0]["match_id"].as_str().unwrap().to_owned();
    let Db::Pg(pool) = &one.db else { unreachable!("the cluster runs on PostgreSQL") };
    sqlx::query("CREATE FUNCTION refuse_row() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'no space left'; END $$ LANGUAGE plpgsql")
        .execute(pool)
        .await
        .unwrap();
    let refuse = format!(
        "CREATE TRIGGER refuse_row BEFORE INSERT ON match_intents FOR EACH ROW WHEN (NEW.match_id::text = '{match_id}') EXECUTE FUNCTION refuse_row()"
    );
    sqlx::query(sqlx::AssertSqlSafe(refuse)).execute(pool).await.unwrap();

    let ws = if owner == 0 { &mut wa } else { &mut wb };
    ws.send(json!({ "type": "intent", "seq": 9, "intent": { "type": "concede" } })).await;
    let said = ws.next_of("error").await;
    assert_eq!(said["code"], "not_saved", "{said}");
    assert_eq!(ws.close_code().await, Some(1012), "the relayed seat closes as a local one does");

    // The database recovers; back by its last version, the room is where the log left it, and plays on.
    sqlx::query("DROP TRIGGER refuse_row ON match_intents").execute(pool).await.unwrap();
    let seat = [&a, &b][owner];
    let (mut again, welcome) = connect(&two.address, &room, Some(&seat.cookie), "player", Some(v)).await;
    assert_eq!(welcome["version"], v, "the refused concession is not in the log: {welcome}");
    again.send(json!({ "type": "intent", "seq": 1, "intent": { "type": "concede" } })).await;
    let ok = again.next_of("accepted").await;
    assert_eq!(ok["v"], v + 1, "{ok}");
}
