//! Over random matches: the HP price the view states for an intent (an effect's self-damage, Anchor's Mooring) is
//! exactly the damage to the seat's own HP once the effect it starts has resolved, and an intent without a stated
//! price costs nothing, whenever no opponent's effect resolves in between (which could damage for its own reasons).
use super::{match_count, start};
use crate::api::{apply, legal_intents, owed_seat};
use crate::effects::resolve::Prompt;
use crate::event::Event;
use crate::frames::{AskKind, Frame};
use crate::ids::{Position, Seat, Viewer};
use crate::intent::Intent;
use crate::playout::RandomPolicy;
use crate::state::MatchState;
use crate::view::view_for;

/// Whether `seat` is answering a question of an effect that is still resolving (and may still charge HP).
fn resolving(state: &MatchState, seat: Seat) -> Option<Prompt> {
    match state.frames.last() {
        Some(Frame::Ask { seat: s, kind: AskKind::Effect { prompt, .. } }) if *s == seat => Some(*prompt),
        _ => None,
    }
}

/// Applies `intent`, then answers the questions of the effect it started (with their first answer) until it is
/// done; questions with a price of their own ("you may", Mooring) end the run. Returns the HP `seat` lost to
/// non-attack damage, or `None` when the run is not comparable (an opponent's effect resolved, or the effect was
/// left waiting on a priced question).
fn self_damage(state: &MatchState, seat: Seat, intent: &Intent) -> Option<u16> {
    let mut s = state.clone();
    let mut events = apply(&mut s, seat, intent).expect("legal").0;
    for _ in 0..20 {
        match resolving(&s, seat) {
            Some(Prompt::MayUse | Prompt::PayMooring) => return None,
            Some(_) if owed_seat(&s) == Some(seat) => {
                let answer = legal_intents(&s, seat).into_iter().find(|i| *i != Intent::Concede).expect("an answer");
                events.extend(apply(&mut s, seat, &answer).expect("legal").0);
            }
            _ => break,
        }
    }
    if resolving(&s, seat).is_some()
        || events.iter().any(|e| matches!(e, Event::EffectResolving { seat: by, .. } if *by != seat))
    {
        return None;
    }
    Some(
        events
            .iter()
            .map(|e| match e {
                Event::Damage { seat: to, amount, attack: false, .. } if *to == seat => *amount,
                _ => 0,
            })
            .sum(),
    )
}

#[test]
fn a_stated_hp_price_is_what_the_effect_costs() {
    let (mut priced, mut compared) = (0usize, 0usize);
    for seed in 0..match_count(10_000) / 50 {
        let mut state = start(seed);
        let mut policy = RandomPolicy::new(seed);
        while let Some(seat) = owed_seat(&state) {
            let legal = legal_intents(&state, seat);
            let prices = view_for(&state, Viewer::Seat(seat)).hp_prices.unwrap_or_default();
            assert_eq!(
                view_for(&state, Viewer::Seat(state.table().standard_opponent(seat))).hp_prices,
                None,
                "seed {seed}: not theirs"
            );
            assert_eq!(view_for(&state, Viewer::Spectator).hp_prices, None, "seed {seed}: not a spectator's");
            for p in &prices {
                assert!(legal.contains(&p.intent), "seed {seed}: {p:?} is not legal");
                assert!(p.hp > 0, "seed {seed}: {p:?}");
            }
            priced += prices.len();
            let kinds = ["use_effect", "play_blend", "play_action", "accept"];
            for intent in legal.iter().filter(|i| kinds.contains(&i.kind())) {
                let Some(lost) = self_damage(&state, seat, intent) else { continue };
                let stated = prices.iter().find(|p| p.intent == *intent).map_or(0, |p| p.hp);
                assert_eq!(lost, stated, "seed {seed}: {intent:?}");
                compared += usize::from(stated > 0);
            }
            let intent = policy.pick(&legal);
            apply(&mut state, seat, &intent).expect("legal");
        }
    }
    assert!(priced > 0 && compared > 0, "prices stated {priced}, priced intents compared {compared}");
}

/// The position of a scenario file in `scenarios/`.
fn position(file: &str) -> MatchState {
    let text = std::fs::read_to_string(format!("{}/scenarios/{file}", env!("CARGO_MANIFEST_DIR"))).expect("scenario");
    let scenario: crate::scenario::Scenario = toml::from_str(&text).expect("a scenario");
    crate::scenario::build_position(scenario.position.as_ref().expect("a position")).expect("builds").0
}

fn prices(state: &MatchState, seat: Seat) -> Vec<(Intent, u16)> {
    view_for(state, Viewer::Seat(seat)).hp_prices.unwrap_or_default().into_iter().map(|p| (p.intent, p.hp)).collect()
}

#[test]
fn beatrice_says_the_blend_level_before_the_blend_is_played() {
    // CR 501.5a: Usher (level 2) onto Beatrice costs 2 HP; the same blend onto another hero costs nothing.
    let state = position("501-beatrice-plotting.toml");
    let usher = state.player(Seat::A).hand[0].id;
    assert_eq!(prices(&state, Seat::A), [(Intent::PlayBlend { card: usher, hero: Position::Center }, 2)]);
}

#[test]
fn anchor_says_its_price_when_the_switch_asks_for_it() {
    // Wind Gust: Tara (opposite B's Anchor) would switch with Kula; the question names Mooring's 3 HP.
    let mut state = position("rulebook-anchor-mooring.toml");
    assert_eq!(prices(&state, Seat::A), [], "using the effect costs nothing by itself");
    apply(&mut state, Seat::A, &Intent::UseEffect { hero: Position::Left }).expect("legal");
    apply(&mut state, Seat::A, &Intent::ChooseHero { seat: Seat::A, hero: Position::Right }).expect("legal");
    assert_eq!(resolving(&state, Seat::A), Some(Prompt::PayMooring));
    assert_eq!(prices(&state, Seat::A), [(Intent::Accept, 3)]);
    assert_eq!(view_for(&state, Viewer::Seat(Seat::B)).hp_prices, None);
}
