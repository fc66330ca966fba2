//! Decks: CRUD, rule rejections from gb-core, text import/export, ownership, live validation.
use crate::helpers::{Backend, VALID_DECK, assert_error, new_client, spawn_app, valid_list};
use serde_json::{Value, json};

on_both_backends!(
    deck_crud,
    invalid_decks_carry_rule_codes,
    import_export_round_trip,
    decks_are_private,
    live_validation_and_cards
);

/// The `code`s of a 422 `invalid_deck` body.
async fn rejection_codes(r: reqwest::Response) -> Vec<(String, String)> {
    let body = assert_error(r, 422, "invalid_deck").await;
    body["error"]["rejections"]
        .as_array()
        .expect("rejections array")
        .iter()
        .map(|j| (j["code"].as_str().unwrap().to_owned(), j["rule"].as_str().unwrap().to_owned()))
        .collect()
}

async fn deck_crud(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = &app.client;
    assert_error(app.get(c, "/api/decks").await, 401, "not_logged_in").await;
    app.guest(c, "Deckard").await;
    assert_eq!(app.get(c, "/api/decks").await.json::<Value>().await.unwrap(), json!([]));

    let r = app.post(c, "/api/decks", &json!({ "name": "Gems", "list": valid_list() })).await;
    assert_eq!(r.status(), 201);
    let deck: Value = r.json().await.unwrap();
    let id = deck["id"].as_str().unwrap().to_owned();
    assert_eq!(deck["name"], "Gems");
    assert_eq!(deck["list"]["heroes"], json!(["Tara", "Kula", "Claire", "Elaine"]));

    let got: Value = app.get(c, &format!("/api/decks/{id}")).await.json().await.unwrap();
    assert_eq!(got, deck);

    // Rename via PUT; the name defaults to list.name when no `name` is given.
    let mut list = valid_list();
    list["name"] = json!("Renamed");
    let r = app.put(c, &format!("/api/decks/{id}"), &json!({ "list": list })).await;
    assert_eq!(r.status(), 200);
    let updated: Value = r.json().await.unwrap();
    assert_eq!((updated["id"].as_str(), updated["name"].as_str()), (Some(id.as_str()), Some("Renamed")));

    let all: Value = app.get(c, "/api/decks").await.json().await.unwrap();
    assert_eq!(all.as_array().unwrap().len(), 1);
    assert_eq!(all[0]["name"], "Renamed");

    // An invalid update is refused and leaves the stored deck alone.
    let mut bad = valid_list();
    bad["main"][0]["count"] = json!(4);
    assert!(rejection_codes(app.put(c, &format!("/api/decks/{id}"), &json!({ "list": bad })).await).await.len() >= 2);
    let still: Value = app.get(c, &format!("/api/decks/{id}")).await.json().await.unwrap();
    assert_eq!(still["list"]["main"][0]["count"], 3);

    assert_eq!(app.delete(c, &format!("/api/decks/{id}")).await.status(), 204);
    assert_error(app.get(c, &format!("/api/decks/{id}")).await, 404, "deck_not_found").await;
    assert_error(app.delete(c, &format!("/api/decks/{id}")).await, 404, "deck_not_found").await;
    assert_error(app.put(c, "/api/decks/nope", &json!({ "list": valid_list() })).await, 404, "deck_not_found").await;
}

async fn invalid_decks_carry_rule_codes(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = &app.client;
    app.guest(c, "Rules").await;

    // 49 cards: CR 101.3.
    let mut short = valid_list();
    short["main"][0]["count"] = json!(2);
    let codes = rejection_codes(app.post(c, "/api/decks", &json!({ "list": short })).await).await;
    assert!(codes.contains(&("main_deck_size".into(), "CR 101.3".into())), "{codes:?}");

    // 4 Ushers instead of 4 Luciogems (still 50): CR 101.4 only.
    let text = VALID_DECK.replace("3 Usher", "4 Usher").replace("4 Luciogem", "3 Luciogem");
    let codes = rejection_codes(app.post(c, "/api/decks/import", &json!({ "text": text })).await).await;
    assert_eq!(codes, vec![("too_many_copies".to_owned(), "CR 101.4".to_owned())]);

    // Star budget: 3 Block Attack (2 stars each) + 2 Stun + 2 Invert = 10 stars: CR 101.6.
    let text = VALID_DECK.replace(
        "3 Usher\n3 Angel\n3 Guard\n2 Rotate\n1 Stun\n",
        "3 Block Attack\n2 Stun\n2 Invert\n3 Usher\n2 Angel\n",
    );
    let codes = rejection_codes(app.post(c, "/api/decks/import", &json!({ "text": text })).await).await;
    assert!(codes.iter().any(|(code, rule)| code == "too_many_stars" && rule == "CR 101.6"), "{codes:?}");

    // Text that does not even parse: the parser's rejections come through the same way.
    let codes =
        rejection_codes(app.post(c, "/api/decks/import", &json!({ "text": "Left: Tara\nthree Usher" })).await).await;
    assert!(codes.iter().any(|(code, _)| code == "deck_text_bad_line"), "{codes:?}");
    assert!(codes.iter().any(|(code, _)| code == "deck_missing_hero_position"), "{codes:?}");

    // Bad deck name.
    let r = app.post(c, "/api/decks", &json!({ "name": "x".repeat(49), "list": valid_list() })).await;
    assert_error(r, 422, "deck_name_too_long").await;
    // Nothing was saved.
    assert_eq!(app.get(c, "/api/decks").await.json::<Value>().await.unwrap(), json!([]));
}

async fn import_export_round_trip(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = &app.client;
    app.guest(c, "Porter").await;
    let r = app.post(c, "/api/decks/import", &json!({ "text": VALID_DECK })).await;
    assert_eq!(r.status(), 201);
    let deck: Value = r.json().await.unwrap();
    assert_eq!(deck["name"], "Test Deck");

    let r = app.get(c, &format!("/api/decks/{}/export", deck["id"].as_str().unwrap())).await;
    assert_eq!(r.status(), 200);
    assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = r.text().await.unwrap();
    assert_eq!(text, VALID_DECK, "export is the canonical text form");

    // Importing the export yields the same list.
    let again: Value =
        app.post(c, "/api/decks/import", &json!({ "text": text, "name": "Copy" })).await.json().await.unwrap();
    assert_eq!(again["name"], "Copy");
    let mut expected = deck["list"].clone();
    expected["name"] = json!("Copy");
    assert_eq!(again["list"], expected);
}

async fn decks_are_private(backend: Backend) {
    let app = spawn_app(backend).await;
    let (mine, theirs) = (&app.client, &new_client());
    app.guest(mine, "Owner").await;
    app.guest(theirs, "Snoop").await;
    let deck: Value = app.post(mine, "/api/decks", &json!({ "list": valid_list() })).await.json().await.unwrap();
    let path = format!("/api/decks/{}", deck["id"].as_str().unwrap());

    assert_error(app.get(theirs, &path).await, 404, "deck_not_found").await;
    assert_error(app.get(theirs, &format!("{path}/export")).await, 404, "deck_not_found").await;
    assert_error(
        app.put(theirs, &path, &json!({ "name": "Mine now", "list": valid_list() })).await,
        404,
        "deck_not_found",
    )
    .await;
    assert_error(app.delete(theirs, &path).await, 404, "deck_not_found").await;
    assert_eq!(app.get(theirs, "/api/decks").await.json::<Value>().await.unwrap(), json!([]));

    let still: Value = app.get(mine, &path).await.json().await.unwrap();
    assert_eq!(still, deck);
}

async fn live_validation_and_cards(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = &new_client(); // no login needed
    let ok: Value = app.post(c, "/api/decks/validate", &json!({ "text": VALID_DECK })).await.json().await.unwrap();
    assert_eq!(ok, json!({ "ok": true, "errors": [] }));
    let ok: Value = app.post(c, "/api/decks/validate", &json!({ "list": valid_list() })).await.json().await.unwrap();
    assert_eq!(ok["ok"], true);

    let mut short = valid_list();
    short["main"][0]["count"] = json!(1);
    let bad: Value = app.post(c, "/api/decks/validate", &json!({ "list": short })).await.json().await.unwrap();
    assert_eq!(bad["ok"], false);
    assert_eq!(bad["errors"][0]["code"], "main_deck_size");
    assert_eq!(bad["errors"][0]["rule"], "CR 101.3");
    assert_error(app.post(c, "/api/decks/validate", &json!({})).await, 400, "missing_deck").await;

    let r = app.get(c, "/api/cards").await;
    assert_eq!(r.status(), 200);
    let cards: Value = r.json().await.unwrap();
    assert!(cards.to_string().contains("Aquagem"));
}
