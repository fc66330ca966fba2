//! The floor tool runs end to end on loopback: its server starts as a child, every socket connects, the seats play
//! in turn and every member gets each frame, and it reports the window (figures are printed, never asserted), also
//! as a JSON line under the names `side_by_side` reads.
use std::process::Command;

#[test]
fn floor_plays_rooms_and_reports_the_window() {
    let json = std::env::temp_dir().join(format!("gb-floor-test-{}.jsonl", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_floor"))
        .args(["--rooms", "3", "--spectators", "2", "--think-ms", "20", "--duration-secs", "1", "--json-out"])
        .arg(&json)
        .output()
        .expect("floor runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "floor failed: {text}{}", String::from_utf8_lossy(&out.stderr));
    // Three rooms answering every ~20 ms play dozens of intents a second, and each reaches all four members (the
    // window's edges may cut a broadcast in two).
    let counts = text.rsplit('(').next().expect("counts");
    let n: Vec<f64> = counts.split(|c: char| !c.is_ascii_digit()).filter_map(|w| w.parse().ok()).collect();
    let [intents, deliveries] = n[..] else { panic!("no counts in {text}") };
    assert!(intents > 20.0, "{text}");
    assert!((deliveries / intents - 4.0).abs() < 0.5, "every intent reaches 2 seats and 2 spectators: {text}");
    // The same window as JSON, under gb-loadgen's names for the server's figures.
    let line = std::fs::read_to_string(&json).expect("the JSON line");
    let _ = std::fs::remove_file(&json);
    let r: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON object");
    assert_eq!(
        (r["floor"].as_str(), r["matches"].as_u64(), r["spectators_per_match"].as_u64()),
        (Some("inline"), Some(3), Some(2))
    );
    assert_eq!((r["think_ms"].as_u64(), r["intents"].as_f64()), (Some(20), Some(intents)), "{line}");
    assert_eq!(r["frames_delivered"].as_f64(), Some(deliveries), "{line}");
    for figure in ["server_cpu_us_per_intent", "server_cpu_us_per_frame", "server_context_switches_per_intent"] {
        assert!(r[figure].as_f64().is_some_and(f64::is_finite), "{figure} in {line}");
    }
}
