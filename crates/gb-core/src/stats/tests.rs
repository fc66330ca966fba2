//! The terms of a stat sum to the stat the engine uses, and name what made each change.
use super::*;
use crate::cards::catalogue;
use crate::effects::{HeroKey, Until, alter};
use crate::scenario::PositionSpec;
use StatSource::*;

/// A position with A's heroes as given (TOML inline tables) and a plain B field.
fn position(a_heroes: &str) -> MatchState {
    let text = format!(
        r#"
active = "A"
[a.heroes]
{a_heroes}
[b.heroes]
left = {{ hero = "Carter" }}
center = {{ hero = "Matthew" }}
right = {{ hero = "Claire" }}
back = {{ hero = "Elaine" }}
"#
    );
    let spec: PositionSpec = toml::from_str(&text).expect("test position");
    crate::scenario::build_position(&spec).expect("test position").0
}

fn terms(
    state: &MatchState,
    pos: Position,
    stat: Stat,
    attacking: bool,
) -> Vec<(StatSource, i32, Option<&'static str>)> {
    let mut out = Vec::new();
    // Attacking: against the one opponent.
    let attacking = attacking.then_some(Seat::B);
    each_term(state, Seat::A, pos, stat, attacking, |t| out.push((t.source, t.amount, t.card.map(|c| c.0.name()))));
    let sum: i32 = out.iter().map(|t| t.1).sum();
    assert_eq!(sum, current(state, Seat::A, pos, stat, attacking) as i32, "terms sum to the stat");
    out
}

fn card(name: &str) -> CardDefId {
    catalogue().find(name).unwrap()
}

/// CR 624.1c: Guard's written 0/4 and its +1 DEF bonus; Invert swaps only the written stats, giving 4 ATK, 1 DEF.
#[test]
fn guard_invert_swaps_written_and_keeps_the_bonus() {
    let mut state = position(
        r#"left = { hero = "Kula", gems = ["Terragem", "Cryogem"], blend = "Guard" }
center = { hero = "Tara" }
right = { hero = "Claire" }
back = { hero = "Elaine" }"#,
    );
    assert_eq!(
        terms(&state, Position::Left, Stat::Def, false),
        [(Blend, 4, Some("Guard")), (Effect, 1, Some("Guard"))]
    );
    assert_eq!(terms(&state, Position::Left, Stat::Atk, false), [(Blend, 0, Some("Guard"))]);
    let hero = HeroKey::at(&state, Seat::A, Position::Left);
    alter(&mut state, hero, AlterKind::InvertWritten, Until::EndOfTurn(5), card("Invert"));
    assert_eq!(
        terms(&state, Position::Left, Stat::Atk, false),
        [(Blend, 0, Some("Guard")), (Invert, 4, Some("Invert"))]
    );
    assert_eq!(
        terms(&state, Position::Left, Stat::Def, false),
        [(Blend, 4, Some("Guard")), (Invert, -4, Some("Invert")), (Effect, 1, Some("Guard"))]
    );
    assert_eq!((atk(&state, Seat::A, Position::Left), def(&state, Seat::A, Position::Left)), (4, 1));
}

/// CR 300.5: Claire's ATK sits behind an activation gem; without a gem it counts as 0.
#[test]
fn an_ungated_stat_is_cancelled_by_its_activation_gem() {
    let state = position(
        r#"left = { hero = "Claire" }
center = { hero = "Tara" }
right = { hero = "Kula" }
back = { hero = "Elaine" }"#,
    );
    assert_eq!(
        terms(&state, Position::Left, Stat::Atk, false),
        [(Written, 3, Some("Claire")), (ActivationGem, -3, Some("Claire"))]
    );
    assert_eq!(terms(&state, Position::Left, Stat::Def, false), [(Written, 1, Some("Claire"))]);
}

/// CR 203.1h: Burn Fowl's +4 is there only while attacking (and only after an opponent's action, which the
/// position does not have: so no term either way here), and its written 3 stays.
#[test]
fn while_attacking_bonuses_need_an_attack() {
    let state = position(
        r#"left = { hero = "Tara", gems = ["Pyrogem", "Pyrogem", "Aerogem"], blend = "Burn Fowl" }
center = { hero = "Kula" }
right = { hero = "Carter" }
back = { hero = "Elaine" }"#,
    );
    assert_eq!(terms(&state, Position::Left, Stat::Atk, true), [(Blend, 3, Some("Burn Fowl"))]);
    assert!(!is_attacking(&state, Seat::A, Position::Left));
}

/// Dread Blader's written stats are the highest among the other heroes (RULINGS.md): one term says by how much.
#[test]
fn dread_blader_takes_the_highest_written_stat() {
    let state = position(
        r#"left = { hero = "Claire", gems = ["Aerogem", "Pyrogem", "Electrogem"] }
center = { hero = "Beatrice", gems = ["Nocturnagem", "Pyrogem", "Terragem", "Electrogem", "Cryogem"], blend = "Dread Blader" }
right = { hero = "Kula", gems = ["Luciogem", "Cryogem", "Aquagem"], blend = "Reflector" }
back = { hero = "Elaine" }"#,
    );
    let atk = terms(&state, Position::Center, Stat::Atk, false);
    assert_eq!(atk, [(Blend, 0, Some("Dread Blader")), (HighestOnField, 3, Some("Dread Blader"))]);
}

/// CR 605.1, 605.1c, 624.1a: "+N attack" bonuses from one card add up to one term; a total below 0 is floored.
#[test]
fn bonuses_group_by_card_and_the_total_never_drops_below_zero() {
    let mut state = position(
        r#"left = { hero = "Tara", gems = ["Terragem", "Terragem", "Luciogem"], blend = "Diamond Driller" }
center = { hero = "Claire" }
right = { hero = "Kula" }
back = { hero = "Elaine" }"#,
    );
    let hero = HeroKey::at(&state, Seat::A, Position::Left);
    let until = Until::EndOfTurn(5);
    alter(&mut state, hero, AlterKind::Atk(3), until, card("Diamond Driller"));
    alter(&mut state, hero, AlterKind::Atk(3), until, card("Diamond Driller"));
    alter(&mut state, hero, AlterKind::Atk(1), until, card("Chaser"));
    assert_eq!(
        terms(&state, Position::Left, Stat::Atk, false),
        [(Blend, 2, Some("Diamond Driller")), (Bonus, 6, Some("Diamond Driller")), (Bonus, 1, Some("Chaser"))]
    );
    alter(&mut state, hero, AlterKind::Atk(-12), until, card("Chaser"));
    assert_eq!(
        terms(&state, Position::Left, Stat::Atk, false),
        [
            (Blend, 2, Some("Diamond Driller")),
            (Bonus, 6, Some("Diamond Driller")),
            (Bonus, -11, Some("Chaser")),
            (Floor, 3, None)
        ]
    );
    assert_eq!(atk(&state, Seat::A, Position::Left), 0);
}
