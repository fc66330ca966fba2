//! MP-40 per defender: Pearl Deceptor's and Burn Fowl's "while attacking that opponent" read the player the hero
//! attacks, in the preview, in `stats` and in the damage the engine calculates. The position is a two-player one
//! widened to three seats, seat C a copy of B's board with its own hand: the stats only read hands, heroes and
//! the turns of actions.
use crate::api::{apply, owed_seat};
use crate::event::Event;
use crate::ids::{Position, Seat, Viewer};
use crate::intent::{AttackerDecl, Intent};
use crate::scenario::{PositionSpec, build_position};
use crate::state::MatchState;
use crate::stats;
use crate::table::Table;
use crate::view::view_for;
use Position::Center;
use Seat::{A, B, C};

/// A's center hero as given; B with six cards in hand, C (B's board) with two.
fn three_seats(center: &str) -> MatchState {
    let text = format!(
        r#"
active = "A"
[a.heroes]
left = {{ hero = "Carter" }}
center = {center}
right = {{ hero = "Claire" }}
back = {{ hero = "Elaine" }}
[b]
hand = ["Pyrogem", "Pyrogem", "Pyrogem", "Aquagem", "Aquagem", "Aquagem"]
[b.heroes]
left = {{ hero = "Carter" }}
center = {{ hero = "Matthew" }}
right = {{ hero = "Claire" }}
back = {{ hero = "Elaine" }}
"#
    );
    let spec: PositionSpec = toml::from_str(&text).expect("test position");
    let mut state = build_position(&spec).expect("test position").0;
    state.table = Table::new(3).unwrap();
    let mut c = state.player(B).clone();
    c.hand.truncate(2);
    *state.player_mut(C) = c;
    state.fields.clear();
    state
}

const PEARL: &str = r#"{ hero = "Kula", gems = ["Aquagem", "Luciogem", "Caprogem"], blend = "Pearl Deceptor" }"#;
const FOWL: &str = r#"{ hero = "Tara", gems = ["Pyrogem", "Pyrogem", "Aerogem"], blend = "Burn Fowl" }"#;

/// The ATK the preview shows for A's center hero against each defender's center hero.
fn previewed(state: &MatchState) -> Vec<(Option<Seat>, u16)> {
    let preview = view_for(state, Viewer::Seat(A)).attack_preview.expect("A may attack");
    preview.iter().filter(|p| p.hero == Center && p.target == Center).map(|p| (p.defender, p.atk)).collect()
}

/// Declares A's center hero against `defender`'s center hero, passes the windows, and returns the calculated ATK.
fn calculated(mut state: MatchState, defender: Seat) -> u16 {
    let attackers = [AttackerDecl { hero: Center, target: Center, defender: Some(defender) }].into_iter().collect();
    let mut events = apply(&mut state, A, &Intent::DeclareAttack { attackers }).expect("legal").0;
    while !events.iter().any(|e| matches!(e, Event::AttackDamageCalculated { .. })) {
        let seat = owed_seat(&state).expect("the attack goes on");
        events = apply(&mut state, seat, &Intent::Pass).expect("a window to pass").0;
    }
    events
        .iter()
        .find_map(|e| match e {
            Event::AttackDamageCalculated { defender: d, atk, .. } => {
                assert_eq!(*d, Some(defender));
                Some(*atk)
            }
            _ => None,
        })
        .unwrap()
}

#[test]
fn pearl_deceptor_counts_the_hand_of_the_player_it_attacks() {
    // MP-40: +3 against B (6 cards), none against C (2 cards), whatever the other opponent holds.
    let state = three_seats(PEARL);
    let written = stats::atk(&state, A, Center);
    assert_eq!(stats::attacking_atk(&state, A, Center, B), written + 3);
    assert_eq!(stats::attacking_atk(&state, A, Center, C), written);
    assert_eq!(previewed(&state), [(Some(B), written + 3), (Some(C), written)]);
    assert_eq!(calculated(state.clone(), B), written + 3);
    assert_eq!(calculated(state, C), written);
}

#[test]
fn burn_fowl_counts_the_actions_of_the_player_it_attacks() {
    // MP-40's example: C played an action since A's last turn, B did not: +4 against C only.
    let mut state = three_seats(FOWL);
    let since = state.player(A).previous_turn;
    state.player_mut(C).last_action_turn = Some(since + 1);
    let written = stats::atk(&state, A, Center);
    assert_eq!(stats::attacking_atk(&state, A, Center, B), written);
    assert_eq!(stats::attacking_atk(&state, A, Center, C), written + 4);
    assert_eq!(previewed(&state), [(Some(B), written), (Some(C), written + 4)]);
    assert_eq!(calculated(state.clone(), B), written);
    assert_eq!(calculated(state, C), written + 4);
}
