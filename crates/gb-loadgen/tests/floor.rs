//! The floor tool runs end to end on loopback: its server starts as a child, every socket connects, the seats play
//! in turn and every member gets each frame, and it reports the window (figures are printed, never asserted).
use std::process::Command;

#[test]
fn floor_plays_rooms_and_reports_the_window() {
    let out = Command::new(env!("CARGO_BIN_EXE_floor"))
        .args(["--rooms", "3", "--spectators", "2", "--think-ms", "20", "--duration-secs", "1"])
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
}
