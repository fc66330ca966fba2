//! Names people choose: one spelling per name (NFC), nothing invisible, and not the computer's.
use crate::helpers::{Backend, assert_error, new_client, spawn_app};
use serde_json::{Value, json};

on_both_backends!(names_are_normalised_and_checked, look_alike_names_are_refused);

async fn names_are_normalised_and_checked(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = new_client();
    for (name, code) in [
        ("evil\u{202E}gnp.exe", "display_name_invalid"),
        ("Ann\u{200B}", "display_name_invalid"),
        ("\u{2066}Bob", "display_name_invalid"),
        ("Computer", "display_name_reserved"),
        ("computer (Hard)", "display_name_reserved"),
    ] {
        assert_error(app.post(&c, "/api/guest", &json!({ "display_name": name })).await, 422, code).await;
    }
    let reg = |u: &str, d: &str| json!({ "username": u, "password": "correct horse", "display_name": d });
    assert_error(app.post(&c, "/api/register", &reg("COMPUTER", "Fine")).await, 422, "username_reserved").await;
    assert_error(app.post(&c, "/api/register", &reg("fine", "Computer (Easy)")).await, 422, "display_name_reserved")
        .await;
    assert_error(app.post(&c, "/api/register", &reg("fi\u{200D}ne", "Fine")).await, 422, "username_invalid").await;
    // Nothing was created by the refusals.
    assert_error(app.get(&c, "/api/me").await, 401, "not_logged_in").await;

    // "René" typed with a combining accent is stored, shown and found as the one precomposed spelling.
    let guest = app.guest(&c, "Rene\u{301}").await;
    assert_eq!(guest["display_name"], "Ren\u{e9}");
    let r = app.post(&new_client(), "/api/register", &reg("rene\u{301}", "Rene\u{301}")).await;
    assert_eq!(r.status(), 201);
    let account: Value = r.json().await.unwrap();
    assert_eq!(
        (account["username"].as_str(), account["display_name"].as_str()),
        (Some("ren\u{e9}"), Some("Ren\u{e9}"))
    );
    let taken = app.post(&new_client(), "/api/register", &reg("REN\u{c9}", "Other")).await;
    assert_error(taken, 409, "username_taken").await;
    for spelling in ["ren\u{e9}", "rene\u{301}"] {
        let login = json!({ "username": spelling, "password": "correct horse" });
        assert_eq!(app.post(&new_client(), "/api/login", &login).await.status(), 200, "{spelling:?}");
    }
}

/// The probe's spoofs of the reserved "Computer" (issue 45), invisible names, and a new username that looks like a
/// taken one: compared by the UTS #39 skeleton after NFKC, default-ignorable code points refused.
async fn look_alike_names_are_refused(backend: Backend) {
    let app = spawn_app(backend).await;
    let c = new_client();
    for (name, code) in [
        ("C\u{43E}mputer", "display_name_reserved"),  // Cyrillic о
        ("C\u{3BF}mputer", "display_name_reserved"),  // Greek ο
        ("Compute\u{308}r", "display_name_reserved"), // a combining diaeresis
        ("Computer\u{FE0F}", "display_name_invalid"), // a variation selector
        ("\u{3164}", "display_name_invalid"),         // Hangul filler: nothing to see
        ("\u{2800}", "display_name_invalid"),         // blank braille pattern
    ] {
        let body = assert_error(app.post(&c, "/api/guest", &json!({ "display_name": name })).await, 422, code).await;
        assert!(!body["error"]["message"].as_str().unwrap().is_empty());
    }
    let reg = |u: &str| json!({ "username": u, "password": "correct horse" });
    assert_error(app.post(&c, "/api/register", &reg("C\u{43E}mputer")).await, 422, "username_reserved").await;
    assert_eq!(app.post(&new_client(), "/api/register", &reg("paypal")).await.status(), 201);
    for spoof in ["\u{440}aypal", "PAYPA\u{049}", "payp\u{430}l"] {
        let body =
            assert_error(app.post(&new_client(), "/api/register", &reg(spoof)).await, 409, "username_taken").await;
        assert!(body["error"]["message"].as_str().unwrap().contains("looks like"), "{body}");
    }
    assert_eq!(app.post(&new_client(), "/api/register", &reg("paypals")).await.status(), 201);
}
