//! The `gb` command's arguments (clap): help is an answer (stdout, exit 0) at every level, and a wrong argument is
//! refused by name (stderr, exit 2) before anything runs.
use std::process::Command;

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn gb(args: &[&str]) -> Out {
    let out = Command::new(env!("CARGO_BIN_EXE_gb")).args(args).output().unwrap();
    Out {
        code: out.status.code().unwrap(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn help_is_printed_on_stdout_and_exits_0() {
    for flag in ["--help", "-h"] {
        let out = gb(&[flag]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        assert!(out.stderr.is_empty(), "{}", out.stderr);
        assert!(out.stdout.contains("Usage: gb"), "{}", out.stdout);
        for command in ["scenario", "replay", "rules", "tournament"] {
            assert!(out.stdout.contains(command), "{command} missing from:\n{}", out.stdout);
        }
    }
    let out = gb(&["help"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Usage: gb"), "{}", out.stdout);
}

#[test]
fn each_subcommand_has_its_own_help() {
    let out = gb(&["tournament", "--help"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Usage: gb tournament"), "{}", out.stdout);
    assert!(out.stdout.contains("standings") && out.stdout.contains("pair"), "{}", out.stdout);

    for (args, usage, names) in [
        (&["tournament", "standings", "--help"][..], "Usage: gb tournament standings", &["--csv", "<FILE>"][..]),
        (&["tournament", "pair", "--help"], "Usage: gb tournament pair", &["<FILE>"]),
        (&["scenario", "run", "--help"], "Usage: gb scenario run", &["<PATH>"]),
        (&["replay", "verify", "--help"], "Usage: gb replay verify", &["--commitment <HEX>", "<FILE>"]),
        (&["rules", "coverage", "--help"], "Usage: gb rules coverage", &["--check", "[ROOT]"]),
    ] {
        let out = gb(args);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        assert!(out.stdout.contains(usage), "{args:?}: {}", out.stdout);
        for name in names {
            assert!(out.stdout.contains(name), "{args:?}: {name} missing from:\n{}", out.stdout);
        }
    }
}

/// Each mistake is refused before any file is read, and the message names the argument at fault.
#[test]
fn a_wrong_argument_names_itself() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/examples/event-swiss-8.json");
    for (args, named) in [
        (&["tournament", "standings", example, "--cvs"][..], "--cvs"),
        (&["tournament", "pairs", example], "pairs"),
        (&["tournament", "pair", example, "extra.json"], "extra.json"),
        (&["replay", "verify", "match.json", "--commitmnet", "ab"], "--commitmnet"),
        (&["rules", "coverage", "--chek"], "--chek"),
        (&["scenario", "walk", "crates"], "walk"),
        (&["frobnicate"], "frobnicate"),
    ] {
        let out = gb(args);
        assert_eq!(out.code, 2, "{args:?}: {}", out.stdout);
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
        assert!(out.stderr.contains(&format!("'{named}'")), "{args:?}: {}", out.stderr);
    }
    // A missing argument is named too.
    let out = gb(&["replay", "verify"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("<FILE>"), "{}", out.stderr);
    let out = gb(&["scenario", "run"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("<PATH>"), "{}", out.stderr);
}

/// Without a command, `gb` still shows its usage on stderr and exits 2, as before it read arguments with clap.
#[test]
fn no_command_shows_the_usage_and_fails() {
    for args in [&[][..], &["tournament"], &["replay"]] {
        let out = gb(args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains("Usage: gb"), "{args:?}: {}", out.stderr);
    }
}
