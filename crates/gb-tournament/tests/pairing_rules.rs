//! The pairing priorities and the bracket, case by case: bye before pair-downs, adjacent pair-downs before
//! skipping a group, pair-downs as low as possible; typed refusals; top-cut seeding and advancement.
#[path = "support/sim.rs"]
mod sim;

use gb_tournament::pairing::swiss::{Field, solve};
use gb_tournament::*;
use std::collections::HashSet;

fn field(points: &[u32], met: &[(usize, usize)]) -> Field {
    Field {
        points: points.to_vec(),
        had_bye: vec![false; points.len()],
        met: met.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect::<HashSet<_>>(),
    }
}

fn partner(mate: &[Option<Option<usize>>], v: usize) -> Option<usize> {
    mate[v].expect("everyone is paired")
}

#[test]
fn the_bye_goes_to_the_lowest_group_even_if_that_costs_a_pair_down() {
    // 3,3,3,0,0: a bye to a 3-pointer would avoid any pair-down, but the bye belongs to a 0-pointer (MTGO, FIDE).
    let mate = solve(&field(&[3, 3, 3, 0, 0], &[]));
    let bye = (0..5).find(|&v| partner(&mate, v).is_none()).unwrap();
    assert!(bye >= 3, "{mate:?}");
}

#[test]
fn the_bye_skips_players_who_had_one() {
    let mut f = field(&[3, 3, 3, 0, 0], &[]);
    f.had_bye[3] = true;
    f.had_bye[4] = true;
    let mate = solve(&f);
    let bye = (0..5).find(|&v| partner(&mate, v).is_none()).unwrap();
    assert!(bye < 3, "{mate:?}");
}

#[test]
fn an_odd_group_pairs_down_into_the_next_group_not_past_it() {
    // 6 | 3,3 | 0,0,0 (+ bye): the 6 meets a 3 and the other 3 meets a 0, rather than the 6 meeting a 0.
    let mate = solve(&field(&[6, 3, 3, 0, 0, 0, 0], &[]));
    assert!(matches!(partner(&mate, 0), Some(1 | 2)), "{mate:?}");
}

#[test]
fn pair_downs_happen_as_low_as_possible() {
    // 6,6 | 3,3 | 0,0 where the two 3s have met: either both 6s pair down or both 0s pair up; the low one wins.
    let mate = solve(&field(&[6, 6, 3, 3, 0, 0], &[(2, 3)]));
    assert_eq!(partner(&mate, 0), Some(1), "{mate:?}");
}

#[test]
fn rematches_are_avoided_at_the_cost_of_pair_downs() {
    // 3,3 have met; 0,0 have met: the only legal pairing crosses groups twice.
    let mate = solve(&field(&[3, 3, 0, 0], &[(0, 1), (2, 3)]));
    assert!(matches!(partner(&mate, 0), Some(2 | 3)), "{mate:?}");
}

#[test]
fn no_legal_pairing_is_a_typed_result() {
    let mut t = sim::tournament(2, 3, 1);
    let plan = pair_next_round(&t).unwrap();
    sim::play(&mut t, plan, || 0);
    assert_eq!(
        pair_next_round(&t),
        Err(PairingError::NoLegalPairing { round: 2, unpaired: vec!["p0".into(), "p1".into()] })
    );
}

#[test]
fn an_unfinished_round_is_not_paired_over() {
    let mut t = sim::tournament(4, 3, 1);
    let plan = pair_next_round(&t).unwrap();
    t.rounds.push(Round { pairings: plan.pairings });
    assert_eq!(pair_next_round(&t), Err(PairingError::RoundInProgress { round: 1, table: 1 }));
}

#[test]
fn automatic_rounds_follow_the_magic_online_table() {
    assert_eq!([2, 4, 5, 8, 9, 16, 17, 128, 129, 1024].map(swiss_rounds_for), [1, 2, 3, 3, 4, 4, 5, 7, 8, 11]);
}

fn ids(plan: &RoundPlan) -> Vec<Vec<String>> {
    plan.pairings
        .iter()
        .map(|p| match p {
            Pairing::Bye(b) => vec![b.bye.clone()],
            Pairing::Table(t) => t.players.to_vec(),
        })
        .collect()
}

/// Plays `t` to the end of its Swiss rounds, the first listed player always winning 2-0.
fn swiss_done(players: usize, rounds: u8, cut: u8) -> Tournament {
    let mut t = sim::tournament(players, rounds, 5);
    t.settings.structure = Structure::Swiss { rounds: SwissRounds::Fixed(rounds), top_cut: Some(cut) };
    for _ in 0..rounds {
        let plan = pair_next_round(&t).unwrap();
        sim::play(&mut t, plan, || 0);
    }
    t
}

#[test]
fn the_top_eight_is_seeded_1v8_4v5_2v7_3v6_and_advances_in_a_fixed_bracket() {
    let mut t = swiss_done(12, 4, 8);
    let seeds: Vec<String> = standings(&t).unwrap().players.iter().take(8).map(|s| s.player.clone()).collect();
    let seed = |k: usize| seeds[k - 1].clone();
    let quarter = pair_next_round(&t).unwrap();
    assert_eq!(quarter.phase, Phase::Playoff { players: 8 });
    assert_eq!(
        ids(&quarter),
        vec![vec![seed(1), seed(8)], vec![seed(4), seed(5)], vec![seed(2), seed(7)], vec![seed(3), seed(6)]]
    );
    // The lower seeds win the top two quarterfinals, the higher seeds the others.
    let mut k = 0;
    sim::play(&mut t, quarter, || {
        k += 1;
        if k <= 2 { 1 } else { 0 }
    });
    // Each table lists its higher seed first (it chooses who plays first in game 1, MTR 2.2).
    let semi = pair_next_round(&t).unwrap();
    assert_eq!(ids(&semi), vec![vec![seed(5), seed(8)], vec![seed(2), seed(3)]]);
    sim::play(&mut t, semi, || 1);
    let last = pair_next_round(&t).unwrap();
    assert_eq!(ids(&last), vec![vec![seed(3), seed(8)]]);
    sim::play(&mut t, last, || 0);
    assert_eq!(pair_next_round(&t), Err(PairingError::TournamentOver { rounds: 7, champion: Some(seed(3)) }));
    // Playoff rounds never change the Swiss standings.
    assert_eq!(standings(&t).unwrap().rounds, 4);
}

#[test]
fn a_qualifier_who_leaves_gives_the_opponent_a_bye() {
    let mut t = swiss_done(8, 3, 4);
    let semi = pair_next_round(&t).unwrap();
    let winner_of_second = match &semi.pairings[1] {
        Pairing::Table(table) => table.players[0].clone(),
        Pairing::Bye(_) => unreachable!(),
    };
    sim::play(&mut t, semi, || 0);
    t.roster.push(RosterChange {
        before_round: 5,
        player: winner_of_second,
        change: RosterChangeKind::Drop,
        reason: "left".into(),
    });
    let last = pair_next_round(&t).unwrap();
    assert_eq!(last.pairings.len(), 1);
    let Pairing::Bye(bye) = &last.pairings[0] else { panic!("{last:?}") };
    let champion = bye.bye.clone();
    sim::play(&mut t, last, || 0);
    assert_eq!(pair_next_round(&t), Err(PairingError::TournamentOver { rounds: 5, champion: Some(champion) }));
}

#[test]
fn single_elimination_gives_the_top_seeds_the_byes_of_a_short_bracket() {
    let mut t = sim::tournament(5, 1, 3);
    t.settings.structure = Structure::SingleElimination;
    let first = pair_next_round(&t).unwrap();
    let shape: Vec<usize> = ids(&first).iter().map(Vec::len).collect();
    // Bracket of 8, order 1,8 | 4,5 | 2,7 | 3,6: seeds 1, 2, 3 have no opponent.
    assert_eq!(shape, vec![1, 2, 1, 1], "{first:?}");
    sim::play(&mut t, first, || 0);
    let second = pair_next_round(&t).unwrap();
    assert_eq!(ids(&second).iter().map(Vec::len).collect::<Vec<_>>(), vec![2, 2]);
}

#[test]
fn a_playoff_match_cannot_end_drawn() {
    let mut t = swiss_done(4, 2, 2);
    let mut last = pair_next_round(&t).unwrap();
    if let Pairing::Table(table) = &mut last.pairings[0] {
        table.result.end = Some(MatchEnd::IntentionalDraw);
    }
    t.rounds.push(Round { pairings: last.pairings });
    let err = pair_next_round(&t).unwrap_err().to_string();
    assert!(err.contains("rounds[2].pairings[0]") && err.contains("no draws"), "{err}");
}

#[test]
fn a_double_match_loss_in_a_playoff_puts_both_out_and_gives_the_next_opponent_a_bye() {
    // Top 4: semifinal 1 is a double no-show (a match loss each), semifinal 2 is played.
    let mut t = swiss_done(8, 3, 4);
    let mut semi = pair_next_round(&t).unwrap();
    let Pairing::Table(first) = &mut semi.pairings[0] else { panic!("{semi:?}") };
    for player in first.players.clone() {
        first.result.judge.push(JudgeAction::MatchLoss {
            player,
            reason: "no-show".into(),
            infraction: None,
            judge: None,
        });
    }
    let Pairing::Table(second) = &mut semi.pairings[1] else { panic!("{semi:?}") };
    sim::result(second, 0);
    let winner = second.players[0].clone();
    t.rounds.push(Round { pairings: semi.pairings });
    let last = pair_next_round(&t).expect("a double loss is no draw: the bracket goes on");
    assert_eq!(last.pairings, vec![Pairing::Bye(Bye { bye: winner.clone() })], "{last:?}");
    sim::play(&mut t, last, || 0);
    assert_eq!(pair_next_round(&t), Err(PairingError::TournamentOver { rounds: 5, champion: Some(winner) }));
}

#[test]
fn the_provisional_top_cut_is_the_bracket_the_standings_would_pair() {
    // Mid-Swiss it already shows the bracket the current standings give, seeds 1v8, 4v5, 2v7, 3v6.
    let mut t = sim::tournament(16, 4, 5);
    t.settings.structure = Structure::Swiss { rounds: SwissRounds::Fixed(4), top_cut: Some(8) };
    assert!(provisional_top_cut(&t).unwrap().is_empty(), "nothing to seed from before round 1");
    let plan = pair_next_round(&t).unwrap();
    sim::play(&mut t, plan, || 0);
    let seeds: Vec<Vec<u32>> =
        provisional_top_cut(&t).unwrap().iter().map(|m| m.iter().flatten().map(|s| s.seed).collect()).collect();
    assert_eq!(seeds, vec![vec![1, 8], vec![4, 5], vec![2, 7], vec![3, 6]]);
    let ranked: Vec<String> = standings(&t).unwrap().players.iter().map(|s| s.player.clone()).collect();
    let first = &provisional_top_cut(&t).unwrap()[0];
    assert_eq!([&first[0].as_ref().unwrap().player, &first[1].as_ref().unwrap().player], [&ranked[0], &ranked[7]]);

    // After the last Swiss round it is exactly the pairing of the cut; once that is paired there is none.
    let mut t = swiss_done(8, 3, 4);
    let preview = provisional_top_cut(&t).unwrap();
    let plan = pair_next_round(&t).unwrap();
    let players: Vec<Vec<String>> =
        preview.iter().map(|m| m.iter().flatten().map(|s| s.player.clone()).collect()).collect();
    assert_eq!(players, ids(&plan));
    t.rounds.push(Round { pairings: plan.pairings });
    assert!(provisional_top_cut(&t).unwrap().is_empty());
}
