//! `gb tournament standings|pair` over the documented example (`docs/examples/event-swiss-8.json`) and over broken
//! files, whose errors must name the field.
use serde_json::Value;
use std::process::Command;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/event-swiss-8.json");

fn gb(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gb")).args(args).output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fraction(v: &Value) -> (u128, u128) {
    let (n, d) = v["exact"].as_str().unwrap().split_once('/').unwrap();
    (n.parse().unwrap(), d.parse().unwrap())
}

#[test]
fn standings_print_exact_fractions_beside_decimals() {
    let (code, out, err) = gb(&["tournament", "standings", EXAMPLE]);
    assert_eq!(code, 0, "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let rows = json["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 9, "eight registered players and a late entry");
    assert_eq!(json["rounds"], 3);
    let lib =
        gb_tournament::standings(&gb_tournament::parse(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap()).unwrap();
    for (i, (row, want)) in rows.iter().zip(&lib.players).enumerate() {
        assert_eq!(row["rank"], i + 1);
        assert_eq!(row["player"], want.player.as_str());
        assert_eq!(row["omw"]["exact"], want.omw.to_string());
        for key in ["omw", "gw", "ogw", "mw"] {
            let (n, d) = fraction(&row[key]);
            let decimal = row[key]["decimal"].as_f64().unwrap();
            assert!(
                (decimal - n as f64 / d as f64).abs() <= 0.00005,
                "{key} of {}: {decimal} vs {n}/{d}",
                row["player"]
            );
            assert!(n * 100 >= 33 * d, "{key} is floored at 0.33");
        }
    }
    // Match points never increase down the table.
    let points: Vec<u64> = rows.iter().map(|r| r["match_points"].as_u64().unwrap()).collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    // The dropped player is still listed, with the rounds played.
    assert!(rows.iter().any(|r| r["active"] == false && r["record"] != "0-0-0"));
}

#[test]
fn standings_export_csv() {
    let (code, out, _) = gb(&["tournament", "standings", EXAMPLE, "--csv"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "rank,player,name,match_points,record,games,omw,gw,ogw,omw_exact,gw_exact,ogw_exact,active,mw,mw_exact,byes,\
         opponents"
    );
    assert_eq!(lines.len(), 10);
    assert!(lines[1].starts_with("1,"));
    assert!(lines[1].split(',').nth(9).unwrap().contains('/'));
}

#[test]
fn pair_prints_the_top_cut_after_the_swiss_rounds_and_the_plan_appends_cleanly() {
    let (code, out, err) = gb(&["tournament", "pair", EXAMPLE]);
    assert_eq!(code, 0, "{err}");
    let plan: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(plan["round"], 4);
    assert_eq!(plan["phase"]["kind"], "playoff");
    assert_eq!(plan["pairings"].as_array().unwrap().len(), 2, "top 4: 1v4 and 2v3");
    let (_, standings, _) = gb(&["tournament", "standings", EXAMPLE]);
    let standings: Value = serde_json::from_str(&standings).unwrap();
    let active: Vec<&str> = standings["standings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["active"] == true)
        .map(|r| r["player"].as_str().unwrap())
        .collect();
    assert_eq!(plan["pairings"][0]["players"], serde_json::json!([active[0], active[3]]));
    assert_eq!(plan["pairings"][1]["players"], serde_json::json!([active[1], active[2]]));

    // Appending the plan as round 4 gives a valid file whose next answer is round 4 in progress.
    let mut event: Value = serde_json::from_str(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap();
    event["rounds"].as_array_mut().unwrap().push(serde_json::json!({ "pairings": plan["pairings"] }));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("next.json");
    std::fs::write(&file, event.to_string()).unwrap();
    let (code, out, _) = gb(&["tournament", "pair", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    let answer: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["error"], serde_json::json!({ "kind": "round_in_progress", "round": 4, "table": 1 }));
}

fn broken(edit: impl FnOnce(&mut Value)) -> (i32, String) {
    let mut event: Value = serde_json::from_str(&std::fs::read_to_string(EXAMPLE).unwrap()).unwrap();
    edit(&mut event);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, event.to_string()).unwrap();
    let (code, out, err) = gb(&["tournament", "standings", file.to_str().unwrap()]);
    assert!(out.is_empty());
    (code, err)
}

#[test]
fn bad_files_are_refused_with_the_field_and_the_reason() {
    let (code, err) =
        broken(|e| e["rounds"][0]["pairings"][0]["games"][0] = serde_json::json!({ "result": "win", "winner": "zed" }));
    assert_eq!(code, 2);
    assert!(
        err.contains("rounds[0].pairings[0].games[0].winner")
            && err.contains("\"zed\" is not one of this table's players"),
        "{err}"
    );
    let (code, err) = broken(|e| e["settings"]["games_per_match"] = serde_json::json!(2));
    assert!(code == 2 && err.contains("settings.games_per_match"), "{err}");
    let (code, err) = broken(|e| e["players"][1]["id"] = e["players"][0]["id"].clone());
    assert!(code == 2 && err.contains("players[1].id") && err.contains("registered twice"), "{err}");
    let (code, err) = broken(|e| e["rounds"][0]["pairings"][0]["gmes"] = serde_json::json!([]));
    assert!(code == 2 && err.contains("unknown field `gmes`"), "{err}");
    let (code, err) = broken(|e| e["corrections"][0]["reson"] = serde_json::json!("typo"));
    assert!(code == 2 && err.contains("corrections[0]: unknown field `reson`"), "{err}");
    let (code, err) = broken(|e| e["corrections"][0]["reason"] = serde_json::json!(""));
    assert!(code == 2 && err.contains("corrections[0].reason"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("truncated.json");
    std::fs::write(&file, "{\"format\": \"gb-tournament-v1\",\n \"name\": ").unwrap();
    let (code, _, err) = gb(&["tournament", "pair", file.to_str().unwrap()]);
    assert!(code == 2 && err.contains("line 2"), "{err}");
    let (code, _, err) = gb(&["tournament", "pair", "/nonexistent/event.json"]);
    assert!(code == 2 && err.contains("/nonexistent/event.json"), "{err}");
}
