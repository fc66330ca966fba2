//! The wire format, byte for byte: what the server writes, what a client reads back, and what each side accepts.
//! These strings are the contract with the web client (its own tests pin the same shapes); change them only
//! with a protocol version bump (docs/protocol.md).
use gb_core::{Intent, Rejection, Seat};
use gb_protocol::*;

fn room() -> RoomInfo {
    RoomInfo {
        id: "r1".into(),
        visibility: Visibility::Public,
        best_of: 3,
        seats: vec![
            Some(SeatInfo {
                seat: Seat::A,
                display_name: "Ann".into(),
                connected: true,
                bot: false,
                bot_level: None,
                rematch: false,
                claim_win_at_ms: None,
                takeback: false,
                may_take_back: false,
            }),
            None,
        ],
        status: RoomStatus::Waiting,
        games: vec![],
        series_winner: None,
        spectators: 0,
        spectator_delay: Some(SpectatorDelay::Turns(1)),
        clock: Some(ClockSetting::PerTurn { limit_ms: 30_000, disconnect_bank_ms: 60_000 }),
        seed_hash: String::new(),
        version: 0,
        match_end: None,
        round_time: None,
        next_game_chooser: None,
        host: None,
        event: None,
        rated: false,
        judge_watching: None,
    }
}

#[test]
fn server_messages_are_pinned_and_read_back() {
    let cases: [(ServerMsg, &str); 7] = [
        (
            ServerMsg::Welcome { protocol: PROTOCOL_VERSION, room: room(), seat: Some(Seat::A), version: 0, game: 0 },
            r#"{"type":"welcome","protocol":6,"room":{"id":"r1","visibility":"public","best_of":3,"seats":[{"seat":"A","display_name":"Ann","connected":true,"bot":false,"bot_level":null,"rematch":false},null],"status":"waiting","games":[],"series_winner":null,"spectators":0,"spectator_delay":{"turns":1},"clock":{"type":"per_turn","limit_ms":30000,"disconnect_bank_ms":60000},"seed_hash":"","version":0},"seat":"A","version":0,"game":0}"#,
        ),
        // Protocol 4: an update carries RFC 6902 ops as short arrays over the view's fields and `legal` beside them (protocol 2
        // nested them as `{view, legal}`; protocol 1 sent both whole), and no `clocks` in a room without a clock.
        (
            ServerMsg::Update {
                v: 9,
                events: vec![],
                patch: vec![
                    PatchOp::Replace { path: "/turn".into(), value: 3.into() },
                    PatchOp::Remove { path: "/legal/1".into() },
                    PatchOp::Add { path: "/legal/0".into(), value: serde_json::json!({ "type": "concede" }) },
                ],
                clocks: None,
            },
            r#"{"type":"update","v":9,"events":[],"patch":[["/turn",3],["/legal/1"],["+/legal/0",{"type":"concede"}]]}"#,
        ),
        (
            ServerMsg::Update {
                v: 10,
                events: vec![],
                patch: vec![PatchOp::Replace { path: "/turn".into(), value: 4.into() }],
                clocks: Some(Clocks { remaining_ms: vec![900, 1000], bank_ms: vec![0, 5], running: Some(Seat::B) }),
            },
            r#"{"type":"update","v":10,"events":[],"patch":[["/turn",4]],"clocks":{"remaining_ms":[900,1000],"bank_ms":[0,5],"running":"B"}}"#,
        ),
        (ServerMsg::Skip { v: 7 }, r#"{"type":"skip","v":7}"#),
        (ServerMsg::Accepted { seq: 3, v: 8 }, r#"{"type":"accepted","seq":3,"v":8}"#),
        (
            ServerMsg::Rejected {
                seq: 4,
                rejection: Rejection::new("not_your_decision", "CR 104.1", "the other player owes the decision"),
                legal: vec![Intent::KeepHand],
            },
            r#"{"type":"rejected","seq":4,"rejection":{"code":"not_your_decision","rule":"CR 104.1","message":"the other player owes the decision"},"legal":[{"type":"keep_hand"}]}"#,
        ),
        (
            ServerMsg::error("bad_message", "expected hello"),
            r#"{"type":"error","code":"bad_message","message":"expected hello"}"#,
        ),
    ];
    for (msg, wire) in cases {
        assert_eq!(msg.encode(), wire);
        let back = Received::decode(wire).expect("a client reads what the server writes");
        assert_eq!(serde_json::to_string(&back).unwrap(), wire, "read back and written again unchanged");
        assert_eq!(back.version(), msg.version());
    }
    assert_eq!(ServerMsg::Pong.encode(), r#"{"type":"pong"}"#);
}

#[test]
fn client_messages_are_pinned_and_read_back() {
    let cases = [
        (ClientMsg::hello(Role::Player, None), r#"{"type":"hello","protocol":6,"as":"player","last_version":null}"#),
        (
            ClientMsg::Hello { protocol: 5, role: Role::Spectator, last_version: Some(12), game: Some(1) },
            r#"{"type":"hello","protocol":5,"as":"spectator","last_version":12,"game":1}"#,
        ),
        (
            ClientMsg::Intent { seq: 2, intent: Intent::ChooseTurnOrder { go_first: true } },
            r#"{"type":"intent","seq":2,"intent":{"type":"choose_turn_order","go_first":true}}"#,
        ),
        (ClientMsg::Ping, r#"{"type":"ping"}"#),
    ];
    for (msg, wire) in cases {
        assert_eq!(msg.encode(), wire);
        assert_eq!(serde_json::from_str::<ClientMsg>(wire).unwrap(), msg);
    }
}

#[test]
fn unknown_or_malformed_client_messages_are_refused() {
    for bad in [r#"{"type":"hallo","protocol":1}"#, r#"{"type":"intent","seq":-1,"intent":{"type":"keep_hand"}}"#, "[]"]
    {
        assert!(serde_json::from_str::<ClientMsg>(bad).is_err(), "{bad}");
    }
}

#[test]
fn rest_bodies_are_pinned() {
    let create: CreateRoom = serde_json::from_str(r#"{"visibility":"private","best_of":1}"#).unwrap();
    assert_eq!((create.vs_bot, create.bot_level, create.clock), (false, None, None), "omitted fields default");
    let join: JoinSeat = serde_json::from_str(r#"{"preconstructed":"fire-and-wind"}"#).unwrap();
    assert_eq!(join, JoinSeat::Preconstructed { preconstructed: "fire-and-wind".into() });
    assert_eq!(serde_json::to_string(&JoinSeat::Saved { deck_id: "d1".into() }).unwrap(), r#"{"deck_id":"d1"}"#);
    assert_eq!(serde_json::to_string(&JoinReply { seat: Seat::B }).unwrap(), r#"{"seat":"B"}"#);

    let error: ErrorBody = ErrorBody {
        error: ErrorDetail { code: "no_such_room".into(), message: "no room with this id".into(), rejections: vec![] },
    };
    let wire = r#"{"error":{"code":"no_such_room","message":"no room with this id"}}"#;
    assert_eq!(serde_json::to_string(&error).unwrap(), wire, "no `rejections` key when there are none");
    let back: ErrorBody<RejectionReceived> = serde_json::from_str(wire).unwrap();
    assert_eq!(back.error.code, "no_such_room");

    let me = AccountView { id: "a1".into(), display_name: "Ann".into(), username: None, guest: true };
    assert_eq!(serde_json::to_string(&me).unwrap(), r#"{"id":"a1","display_name":"Ann","username":null,"guest":true}"#);
}

#[test]
fn generated_constants_match_the_close_codes() {
    let ts = constants_ts();
    assert!(ts.contains("export const PROTOCOL_VERSION = 6;"), "{ts}");
    assert!(ts.contains("export const MIN_PROTOCOL_VERSION = 5;"), "{ts}");
    for (name, code) in close::ALL {
        assert!(ts.contains(&format!("  {name}: {code},\n")), "{name} missing from {ts}");
    }
    assert_eq!(close::RESTARTING, 1012, "clients resume on 1012 (docs/protocol.md)");
}

/// Protocol 6 (issue 16): a free-for-all room lists one seat per player and one clock per seat; a finished
/// free-for-all game names the places (MP-30) and a free-for-all its host's seat; a two-player room's JSON is
/// protocol 5's, byte for byte.
#[test]
fn free_for_all_rooms_are_pinned_and_two_player_rooms_unchanged() {
    let seat = |seat: Seat, name: &str, bot: bool| SeatInfo {
        seat,
        display_name: name.into(),
        connected: true,
        bot,
        bot_level: bot.then_some(BotLevel::Greedy),
        rematch: false,
        claim_win_at_ms: None,
        takeback: false,
        may_take_back: false,
    };
    let mut four = room();
    four.best_of = 1;
    four.seats = vec![Some(seat(Seat::A, "Ann", false)), None, Some(seat(Seat::C, "Computer", true)), None];
    four.status = RoomStatus::Finished;
    four.host = Some(Seat::A);
    four.games = vec![GameResult {
        match_id: "m1".into(),
        winner: Some(Seat::C),
        reason: Some(GameEndReason::LastStanding),
        seed_hash: "h".into(),
        seed: None,
        nonce: None,
        places: Some(vec![Seat::C, Seat::A, Seat::D, Seat::B]),
    }];
    let wire = r#"{"id":"r1","visibility":"public","best_of":1,"seats":[{"seat":"A","display_name":"Ann","connected":true,"bot":false,"bot_level":null,"rematch":false},null,{"seat":"C","display_name":"Computer","connected":true,"bot":true,"bot_level":"greedy","rematch":false},null],"status":"finished","games":[{"match_id":"m1","winner":"C","reason":"last_standing","seed_hash":"h","seed":null,"nonce":null,"places":["C","A","D","B"]}],"series_winner":null,"spectators":0,"spectator_delay":{"turns":1},"clock":{"type":"per_turn","limit_ms":30000,"disconnect_bank_ms":60000},"seed_hash":"","version":0,"host":"A"}"#;
    assert_eq!(serde_json::to_string(&four).unwrap(), wire);
    assert_eq!(serde_json::from_str::<RoomInfo>(wire).unwrap(), four);

    let clocks = Clocks { remaining_ms: vec![1, 2, 3], bank_ms: vec![4, 5, 6], running: Some(Seat::C) };
    let wire = r#"{"remaining_ms":[1,2,3],"bank_ms":[4,5,6],"running":"C"}"#;
    assert_eq!(serde_json::to_string(&clocks).unwrap(), wire);

    // A two-player game's result has no `places` key (protocol 5's bytes), and reads back without one.
    let two = GameResult { places: None, ..four.games[0].clone() };
    let wire = r#"{"match_id":"m1","winner":"C","reason":"last_standing","seed_hash":"h","seed":null,"nonce":null}"#;
    assert_eq!(serde_json::to_string(&two).unwrap(), wire);
    assert_eq!(serde_json::from_str::<GameResult>(wire).unwrap(), two);

    // `seats` defaults to two and is left out when two, so a protocol 5 body is still a valid request.
    let create: CreateRoom = serde_json::from_str(r#"{"visibility":"public","best_of":1}"#).unwrap();
    assert_eq!(create.seats, TWO_SEATS);
    assert!(!serde_json::to_string(&create).unwrap().contains("seats"));
    let create: CreateRoom = serde_json::from_str(r#"{"visibility":"public","best_of":1,"seats":4}"#).unwrap();
    assert_eq!(create.seats, 4);
    assert_eq!(
        serde_json::to_string(&create).unwrap(),
        r#"{"visibility":"public","best_of":1,"seats":4,"spectator_delay":null,"clock":null,"vs_bot":false,"bot_level":null}"#
    );
    assert_eq!(serde_json::to_value(GameEndReason::LastStanding).unwrap(), "last_standing");
}

/// The server writes an update's patch from a text diff's ops as they are (issue 14): the frame is byte for
/// byte the one `ServerMsg::Update` with those ops parsed encodes to (documents written with sorted keys, as a
/// parsed op's value is), clocks or none, adds, removes and escaped paths alike.
#[test]
fn updates_from_text_ops_encode_as_updates_from_parsed_ops() {
    let (old, new) = (
        serde_json::json!({"turn": 3, "legal": [{"type": "pass"}, {"type": "keep_hand"}], "k\"/": [1], "gone": 1}),
        serde_json::json!({"turn": 4, "legal": [{"type": "pass"}], "k\"/": [1, {"b": 2, "a": [true]}], "new": "x\ny"}),
    );
    let (old, new) = (serde_json::to_vec(&old).unwrap(), serde_json::to_vec(&new).unwrap());
    let ops = gb_delta::diff_indexed(&old, &gb_delta::Index::of(&old), &new, &gb_delta::Index::of(&new));
    assert!(ops.len() >= 4, "{ops:?}");
    let parsed: Vec<PatchOp> = ops.iter().map(gb_delta::TextOp::to_op).collect();
    for clocks in [None, Some(Clocks { remaining_ms: vec![900, 1000], bank_ms: vec![0, 5], running: Some(Seat::B) })] {
        let wire = <ServerMsg>::encode_update(12, &[], &ops, clocks.as_ref());
        let msg = ServerMsg::Update { v: 12, events: vec![], patch: parsed.clone(), clocks };
        assert_eq!(wire, msg.encode());
        assert_eq!(Received::decode(&wire).unwrap().version(), Some(12));
    }
}

/// `Received::decode` reads `update` and `snapshot` frames straight into their fields when `type` comes first
/// (issue 14); the result is the message serde's general (tagged) reading gives, for real frames of a match and
/// for frames whose `type` is not first (which take the general path).
#[test]
fn the_direct_reading_of_updates_and_snapshots_matches_the_general_one() {
    use gb_core::{MatchSetup, Viewer, decks::preconstructed, new_match, view_for};
    let decks = preconstructed();
    let state = new_match(&MatchSetup {
        decks: vec![decks[0].1.clone(), decks[1].1.clone()],
        seed: 7u64.into(),
        chooser: None,
    })
    .unwrap();
    let view = view_for(&state, Viewer::Seat(Seat::A));
    let clocks = Some(Clocks { remaining_ms: vec![900, 1000], bank_ms: vec![0, 5], running: Some(Seat::B) });
    let mut frames = vec![
        ServerMsg::Snapshot { v: 3, game: 1, view: view.clone(), legal: vec![Intent::KeepHand], clocks: None }.encode(),
        ServerMsg::Snapshot { v: 3, game: 0, view, legal: vec![], clocks: clocks.clone() }.encode(),
        ServerMsg::Update {
            v: 4,
            events: vec![],
            patch: vec![
                PatchOp::Replace { path: "/turn".into(), value: 4.into() },
                PatchOp::Add { path: "/legal/0".into(), value: serde_json::json!({"type": "pass"}) },
                PatchOp::Remove { path: "/players/0/hand/2".into() },
            ],
            clocks,
        }
        .encode(),
        <ServerMsg>::encode_update(5, &[], &[], None),
    ];
    // The same frames with `type` last: read the general way.
    let moved: Vec<String> = frames
        .iter()
        .map(|f| {
            let mut v: serde_json::Map<String, serde_json::Value> = serde_json::from_str(f).unwrap();
            let ty = v.remove("type").unwrap();
            v.insert("type".into(), ty);
            serde_json::to_string(&v).unwrap()
        })
        .collect();
    assert!(moved.iter().all(|f| !f.starts_with(r#"{"type""#)));
    frames.extend(moved);
    for f in &frames {
        let general: Received = serde_json::from_str(f).unwrap();
        assert_eq!(Received::decode(f).unwrap(), general, "{f}");
    }
    // A malformed update is an error either way, not a different message.
    assert!(Received::decode(r#"{"type":"update","v":"x","events":[],"patch":[]}"#).is_err());
}
