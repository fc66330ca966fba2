//! Headers on every answer (issue 45): the web client's Content-Security-Policy with `frame-ancestors 'none'`,
//! `X-Frame-Options: DENY` and `X-Content-Type-Options: nosniff`, on the client's files and the API alike.
use crate::helpers::{Backend, spawn_app_with};

on_both_backends!(answers_carry_the_security_headers);

async fn answers_carry_the_security_headers(backend: Backend) {
    let dir = std::env::temp_dir().join(format!("gbtest-static-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><script type=module src=/assets/app.js></script>").unwrap();
    std::fs::write(dir.join("assets/app.js"), "console.log('hi')").unwrap();
    let static_dir = dir.clone();
    let app = spawn_app_with(backend, move |s| s.static_dir = static_dir).await;
    for path in ["/", "/assets/app.js", "/lobby/some-client-route", "/api/me", "/api/no-such", "/healthz"] {
        let r = app.get(&app.client, path).await;
        let h = r.headers();
        let csp = h.get("content-security-policy").map(|v| v.to_str().unwrap()).unwrap_or_default();
        for directive in ["frame-ancestors 'none'", "script-src 'self'", "connect-src 'self'", "default-src 'self'"] {
            assert!(csp.contains(directive), "{path}: no {directive} in {csp:?}");
        }
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"), "{path}: inline scripts allowed: {csp}");
        assert_eq!(h.get("x-frame-options").map(|v| v.to_str().unwrap()), Some("DENY"), "{path}");
        assert_eq!(h.get("x-content-type-options").map(|v| v.to_str().unwrap()), Some("nosniff"), "{path}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
