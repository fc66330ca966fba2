//! The starter set's cards that name an opponent or an opposite hero, with several opponents (MP-34 … MP-40).
use super::*;
use crate::effects::resolve::Prompt;
use Position::{Back, Center, Left, Right};
use Seat::{A, B, C, D};

/// The rulebook's example ("Three or More Players", RULINGS.md): a permanent effect with several possible targets
/// affects all of them. A's center Anchor moors both opponents' center heroes, and only those (MP-34).
#[test]
fn mp_34_anchor_moors_every_opposite_hero_the_rulebook_example() {
    let mut state = table_of(3, B);
    blend(&mut state, A, Center, "Anchor");
    // B's Angel in center wants to switch: B is asked to pay 3.
    blend(&mut state, B, Center, "Angel");
    play(&mut state, B, Intent::UseEffect { hero: Center });
    assert_eq!(asked(&state), Some((B, Prompt::SwitchWith)));
    play(&mut state, B, Intent::ChooseHero { seat: B, hero: Back });
    assert_eq!(asked(&state), Some((B, Prompt::PayMooring)));
    let ev = play(&mut state, B, Intent::Accept);
    assert_eq!(damage(&ev), [(B, 3)]);
    assert_eq!(state.hero(B, Back).blend.map(|b| b.def), Some(card("Angel")));

    // C's Royal Buzzer switching C's center hero with C's back hero: C is asked to pay 3.
    let mut state = table_of(3, C);
    blend(&mut state, A, Center, "Anchor");
    blend(&mut state, C, Left, "Royal Buzzer");
    play(&mut state, C, Intent::UseEffect { hero: Left });
    play(&mut state, C, Intent::ChooseHero { seat: C, hero: Center });
    play(&mut state, C, Intent::ChooseHero { seat: C, hero: Back });
    assert_eq!(asked(&state), Some((C, Prompt::PayMooring)));
    let ev = play(&mut state, C, Intent::Decline);
    assert!(damage(&ev).is_empty(), "declining leaves both heroes in place");
    assert_eq!(state.hero(C, Center).card.def, card("Claire"));

    // C's Royal Buzzer switching C's left and back heroes: no price (C's left hero faces B's right, MP-11).
    play(&mut state, C, Intent::UseEffect { hero: Left });
    play(&mut state, C, Intent::ChooseHero { seat: C, hero: Left });
    let ev = play(&mut state, C, Intent::ChooseHero { seat: C, hero: Back });
    assert!(damage(&ev).is_empty());
    assert_eq!(state.hero(C, Back).blend.map(|b| b.def), Some(card("Royal Buzzer")));
}

/// Two Anchors moor the same hero: one payment, the highest price, not one per Anchor (MP-35's example).
#[test]
fn mp_35_one_price_for_a_switch_moored_by_several_anchors() {
    let mut state = table_of(4, A);
    blend(&mut state, B, Center, "Anchor");
    blend(&mut state, D, Center, "Anchor");
    blend(&mut state, A, Center, "Angel");
    play(&mut state, A, Intent::UseEffect { hero: Center });
    play(&mut state, A, Intent::ChooseHero { seat: A, hero: Back });
    assert_eq!(asked(&state), Some((A, Prompt::PayMooring)));
    let ev = play(&mut state, A, Intent::Accept);
    assert_eq!(damage(&ev), [(A, 3)]);
    assert_eq!(state.player(A).hp, 42);
}

/// A center Virus listens to every other living player's center hero and damages the equipped hero's controller;
/// a side hero that does not face it sets off nothing (MP-36's example).
#[test]
fn mp_36_virus_infects_the_controller_of_each_opposite_hero() {
    let mut state = table_of(3, C);
    blend(&mut state, A, Center, "Virus");
    let gem = to_hand(&mut state, C, "Pyrogem");
    let ev = play(&mut state, C, Intent::PlayGem { card: gem, hero: Center });
    assert_eq!(resolving(&ev), [(A, "Virus")]);
    assert_eq!(damage(&ev), [(C, 4)]);
    // C's left hero faces B's right hero, not A's Virus.
    let mut state = table_of(3, C);
    blend(&mut state, A, Center, "Virus");
    let gem = to_hand(&mut state, C, "Pyrogem");
    let ev = play(&mut state, C, Intent::PlayGem { card: gem, hero: Left });
    assert!(resolving(&ev).is_empty() && damage(&ev).is_empty());
}

/// Combustion Boiler may discard a blend of any one living opponent, and only an opponent's (MP-38).
#[test]
fn mp_38_combustion_boiler_chooses_among_every_opponents_blends() {
    let mut state = table_of(3, A);
    blend(&mut state, A, Center, "Combustion Boiler");
    blend(&mut state, B, Left, "Angel");
    blend(&mut state, C, Right, "Slip Knotter");
    play(&mut state, A, Intent::UseEffect { hero: Center });
    assert_eq!(asked(&state), Some((A, Prompt::OpponentBlendToDiscard)));
    assert_eq!(
        crate::legal_intents(&state, A).into_iter().filter(|i| *i != Intent::Concede).collect::<Vec<_>>(),
        [Intent::ChooseHero { seat: B, hero: Left }, Intent::ChooseHero { seat: C, hero: Right }]
    );
    // An own blended hero is no answer (CR 501.3 refusal, nothing changes).
    let before = crate::state_hash(&state);
    assert_eq!(
        crate::apply(&mut state, A, &Intent::ChooseHero { seat: A, hero: Center }).unwrap_err().code,
        "not_an_option"
    );
    assert_eq!(crate::state_hash(&state), before);
    play(&mut state, A, Intent::ChooseHero { seat: C, hero: Right });
    assert!(!state.hero(C, Right).is_blended());
    assert!(state.hero(B, Left).is_blended());
}

/// Ghost asks which opponent's back hero when there are several, and asks nothing with one living opponent
/// (MP-38).
#[test]
fn mp_38_ghost_asks_which_opponents_back_hero() {
    let mut state = table_of(3, A);
    blend(&mut state, A, Center, "Ghost");
    let ev = play(&mut state, A, Intent::UseEffect { hero: Center });
    assert_eq!(damage(&ev), [(A, 2)]);
    assert_eq!(asked(&state), Some((A, Prompt::RemoveEffectTarget)));
    assert_eq!(
        crate::legal_intents(&state, A).into_iter().filter(|i| *i != Intent::Concede).collect::<Vec<_>>(),
        [Intent::ChooseHero { seat: B, hero: Back }, Intent::ChooseHero { seat: C, hero: Back }]
    );
    let ev = play(&mut state, A, Intent::ChooseHero { seat: C, hero: Back });
    assert!(ev.0.contains(&Event::EffectRemoved { seat: C, hero: Back }));

    // B is out (MP-24): C is the one opponent, and its back hero is taken without a question.
    let mut state = table_of(3, A);
    state.table.eliminate(B);
    blend(&mut state, A, Center, "Ghost");
    let ev = play(&mut state, A, Intent::UseEffect { hero: Center });
    assert!(ev.0.contains(&Event::EffectRemoved { seat: C, hero: Back }));
    assert_eq!(asked(&state), None);
}

/// Stun may declare any hero on any living opponent's frontline (MP-38); an eliminated player's are not offered.
#[test]
fn mp_38_stun_declares_a_frontline_hero_of_any_opponent() {
    let mut state = table_of(4, A);
    state.table.eliminate(C);
    let stun = to_hand(&mut state, A, "Stun");
    play(&mut state, A, Intent::PlayAction { card: stun });
    // The response windows of D and B (MP-16), passed.
    while matches!(state.frames.last(), Some(Frame::Window { kind: WindowKind::ActionResponse, .. })) {
        let seat = crate::owed_seat(&state).expect("owed");
        play(&mut state, seat, Intent::Pass);
    }
    assert_eq!(asked(&state), Some((A, Prompt::RemoveEffectTarget)));
    let options: Vec<_> = crate::legal_intents(&state, A).into_iter().filter(|i| *i != Intent::Concede).collect();
    let expected: Vec<_> = [B, D]
        .into_iter()
        .flat_map(|seat| [Left, Center, Right].map(|hero| Intent::ChooseHero { seat, hero }))
        .collect();
    assert_eq!(options, expected);
    let ev = play(&mut state, A, Intent::ChooseHero { seat: D, hero: Right });
    assert!(ev.0.contains(&Event::EffectRemoved { seat: D, hero: Right }));
}

/// MP-39's example: A has Slip Knotter, C has Slip Knotter and Electron; B plays a blend. C's resolve first (C is
/// at B's left, MP-17), C ordering its two; B takes 2 from C's Slip Knotter and 2 from A's.
#[test]
fn mp_39_slip_knotter_and_electron_answer_whichever_opponent_blends() {
    let mut state = table_of(4, B);
    blend(&mut state, A, Left, "Slip Knotter");
    blend(&mut state, C, Left, "Slip Knotter");
    blend(&mut state, C, Right, "Electron");
    gems_for(&mut state, B, Center, "Angel");
    let angel = to_hand(&mut state, B, "Angel");
    play(&mut state, B, Intent::PlayBlend { card: angel, hero: Center });
    // C owes first: two triggers of its own to order (CR 501.4).
    assert_eq!(asked(&state), Some((C, Prompt::ChooseTrigger)));
    let ids: Vec<_> = crate::legal_intents(&state, C).into_iter().filter(|i| *i != Intent::Concede).collect();
    assert_eq!(ids.len(), 2);
    // Slip Knotter (raised first, for C's left hero) resolves first: B takes 2.
    let ev = play(&mut state, C, ids[0].clone());
    assert_eq!((resolving(&ev), damage(&ev)), (vec![(C, "Slip Knotter")], vec![(B, 2)]));
    // Then Electron asks C "may use" (MP-39: once during each opponent's turn).
    assert_eq!(asked(&state), Some((C, Prompt::MayUse)));
    let ev = play(&mut state, C, Intent::Decline);
    // Then A's Slip Knotter: A is last in turn order from B's left.
    assert_eq!((resolving(&ev), damage(&ev)), (vec![(A, "Slip Knotter")], vec![(B, 2)]));
    assert_eq!(state.player(B).hp, 41);
}

/// Matthew triggers at the end of each opponent's first turn, reading the opponent whose turn ended (MP-39):
/// another opponent's uses count for nothing.
#[test]
fn mp_39_matthew_reads_the_opponent_whose_first_turn_ended() {
    for (uses_of_ender, uses_of_other, asked_matthew) in [(2, 0, true), (1, 2, false)] {
        let mut state = table_of(3, B);
        // B is in its first turn; A holds Matthew.
        state.player_mut(B).turns_started = 1;
        state.turn.first_player = B;
        state.player_mut(B).first_turn_phrase_uses = uses_of_ender;
        state.player_mut(C).first_turn_phrase_uses = uses_of_other;
        let matthew = state.fresh(card("Matthew"));
        state.player_mut(A).field[Left.index()] = Hero { face_down: false, ..Hero::new(matthew) };
        state.fields.clear();
        let deck_before = state.player(A).deck.len();
        play(&mut state, B, Intent::EndTurn);
        assert_eq!(asked(&state) == Some((A, Prompt::MayUse)), asked_matthew, "{uses_of_ender} {uses_of_other}");
        if asked_matthew {
            play(&mut state, A, Intent::Accept);
            assert_eq!(state.player(A).deck.len(), deck_before - 2);
        }
    }
}

/// Shard Buster: the attacking player, whoever it is, is asked whether to draw (MP-40). Raised as the attack step
/// raises it (attacks in the free-for-all are plan step 4).
#[test]
fn mp_40_shard_buster_lets_the_attacking_player_draw() {
    let mut state = table_of(3, C);
    blend(&mut state, B, Center, "Shard Buster");
    let mut ev = Events::default();
    crate::effects::triggers::raise(
        &mut state,
        crate::effects::triggers::TriggerEvent::Attacked { seat: B, pos: Center },
    );
    crate::frames::drive(&mut state, &mut ev);
    assert_eq!(asked(&state), Some((C, Prompt::OpponentMayDraw)));
    let hand = state.player(C).hand.len();
    play(&mut state, C, Intent::Accept);
    assert_eq!(state.player(C).hand.len(), hand + 1);
}

/// Gull: the 2 additional damage go to the opponent who took the non-attack damage (MP-40), and to nobody once
/// that opponent is eliminated (MP-25).
#[test]
fn mp_40_gull_adds_to_the_same_opponent_and_mp_25_not_to_an_eliminated_one() {
    for eliminated in [false, true] {
        let mut state = table_of(3, A);
        blend(&mut state, A, Center, "Gull");
        let mut ev = Events::default();
        state.effect_damage(Some(A), C, 2, &mut ev);
        crate::frames::drive(&mut state, &mut ev);
        assert_eq!(asked(&state), Some((A, Prompt::MayUse)));
        if eliminated {
            state.table.eliminate(C);
        }
        let ev = play(&mut state, A, Intent::Accept);
        assert_eq!(damage(&ev), if eliminated { vec![] } else { vec![(C, 2)] });
        assert_eq!(state.player(C).hp, if eliminated { 43 } else { 41 });
        assert_eq!(state.player(B).hp, 45);
    }
}
