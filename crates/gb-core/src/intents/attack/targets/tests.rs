//! The targets of each position by the table's relations (MP-10), Storm Weaver's extras (MP-37), and the refusals
//! of a declaration naming the wrong defender or none.
use super::*;
use Position::{Back, Center, Left, Right};
use Seat::*;

const AURA: &[Static] = &[Static::ExtraTargets(true)];

fn table(n: usize) -> Table {
    Table::new(n).unwrap()
}

fn of(t: &Table, seat: Seat, hero: Position, statics: &[Static]) -> Vec<(Seat, Position)> {
    targets_with(t, seat, hero, statics).to_vec()
}

fn decl(hero: Position, target: Position, defender: Option<Seat>) -> AttackerDecl {
    AttackerDecl { hero, target, defender }
}

fn code(r: Result<(), Rejection>) -> (&'static str, &'static str) {
    let r = r.expect_err("refused");
    (r.code, r.rule)
}

#[test]
fn two_players_attack_the_opposite_position_hero() {
    // CR 616.1a, 204.3a: the one opponent's opposite hero; Storm Weaver adds the others (CR 204.4f).
    let t = Table::STANDARD;
    assert_eq!(of(&t, A, Left, &[]), [(B, Right)]);
    assert_eq!(of(&t, A, Center, &[]), [(B, Center)]);
    assert_eq!(of(&t, B, Right, &[]), [(A, Left)]);
    assert_eq!(of(&t, A, Back, AURA), []);
    assert_eq!(of(&t, A, Center, AURA), [(B, Left), (B, Center), (B, Right)]);
    assert_eq!(of(&t, A, Left, AURA), [(B, Center), (B, Right)]);
    assert_eq!(of(&t, A, Right, AURA), [(B, Left), (B, Center)]);
    // No defender is named in the two-player game, and naming one is refused.
    assert_eq!(named(&t, B), None);
    assert!(check(&t, A, &decl(Left, Right, None), &[]).is_ok());
    assert_eq!(code(check(&t, A, &decl(Left, Right, Some(B)), &[])), ("not_a_target", "CR 204.3a"));
    assert_eq!(code(check(&t, A, &decl(Left, Left, None), &[])), ("not_a_target", "CR 204.3a"));
}

#[test]
fn four_players_attack_by_position_relation() {
    // MP-10's example: A's left hero → B's right hero, right hero → D's left hero, center → B's, C's or D's center.
    let t = table(4);
    assert_eq!(of(&t, A, Left, &[]), [(B, Right)]);
    assert_eq!(of(&t, A, Right, &[]), [(D, Left)]);
    assert_eq!(of(&t, A, Center, &[]), [(B, Center), (C, Center), (D, Center)]);
    assert_eq!(of(&t, A, Back, &[]), []);
    // From C: the left opponent is D, the right opponent B; centers in turn order from C's left.
    assert_eq!(of(&t, C, Left, &[]), [(D, Right)]);
    assert_eq!(of(&t, C, Right, &[]), [(B, Left)]);
    assert_eq!(of(&t, C, Center, &[]), [(D, Center), (A, Center), (B, Center)]);
    assert_eq!(named(&t, B), Some(B));
}

#[test]
fn three_players_attack_by_position_relation() {
    let t = table(3);
    assert_eq!(of(&t, B, Left, &[]), [(C, Right)]);
    assert_eq!(of(&t, B, Right, &[]), [(A, Left)]);
    assert_eq!(of(&t, B, Center, &[]), [(C, Center), (A, Center)]);
}

#[test]
fn relations_close_over_an_eliminated_seat() {
    // MP-10, MP-24: B out of four, A's left opponent is C; with two left (MP-12) they line up as in two-player.
    let mut t = table(4);
    t.eliminate(B);
    assert_eq!(of(&t, A, Left, &[]), [(C, Right)]);
    assert_eq!(of(&t, A, Center, &[]), [(C, Center), (D, Center)]);
    assert_eq!(code(check(&t, A, &decl(Center, Center, Some(B)), &[])), ("not_a_target", "MP-9"));
    t.eliminate(D);
    assert_eq!(of(&t, A, Left, &[]), [(C, Right)]);
    assert_eq!(of(&t, A, Right, &[]), [(C, Left)]);
    assert_eq!(of(&t, A, Center, &[]), [(C, Center)]);
    // Still the free-for-all: the defender is named (MP-12).
    assert_eq!(code(check(&t, A, &decl(Left, Right, None), &[])), ("defender_required", "MP-10"));
    assert!(check(&t, A, &decl(Left, Right, Some(C)), &[]).is_ok());
}

#[test]
fn storm_weaver_attacks_any_opponents_other_positions() {
    // MP-37's example: four players, A's center Storm Weaver may attack any center, left or right hero.
    let t = table(4);
    let all: Vec<_> = [B, C, D].into_iter().flat_map(|s| [(s, Left), (s, Center), (s, Right)]).collect();
    assert_eq!(of(&t, A, Center, AURA), all);
    // From the left: its own relation (B's right hero) and every opponent's center hero.
    assert_eq!(of(&t, A, Left, AURA), [(B, Center), (B, Right), (C, Center), (D, Center)]);
    assert_eq!(of(&t, A, Right, AURA), [(B, Center), (C, Center), (D, Left), (D, Center)]);
    assert!(check(&t, A, &decl(Left, Center, Some(C)), AURA).is_ok());
    assert_eq!(code(check(&t, A, &decl(Left, Right, Some(C)), AURA)), ("not_a_target", "MP-10"));
    // Six players, center with the aura: 5 opponents × 3 heroes.
    assert_eq!(targets_with(&table(6), A, Center, AURA).len(), 15);
}

#[test]
fn a_free_for_all_declaration_names_a_living_opponent_it_may_attack() {
    let t = table(4);
    assert!(check(&t, A, &decl(Left, Right, Some(B)), &[]).is_ok());
    assert!(check(&t, A, &decl(Center, Center, Some(C)), &[]).is_ok());
    // MP-10: the defender is required.
    let r = check(&t, A, &decl(Left, Right, None), &[]).unwrap_err();
    assert_eq!((r.code, r.rule), ("defender_required", "MP-10"));
    assert!(r.message.contains("right hero"), "{r}");
    // A's left hero may not attack D's right hero (D is A's right opponent) nor C's (not adjacent).
    for d in [C, D] {
        let r = check(&t, A, &decl(Left, Right, Some(d)), &[]).unwrap_err();
        assert_eq!((r.code, r.rule), ("not_a_target", "MP-10"));
        assert!(r.message.contains("left opponent's (B) right position hero"), "{r}");
    }
    assert_eq!(code(check(&t, A, &decl(Center, Left, Some(C)), &[])), ("not_a_target", "MP-10"));
    // Not an opponent: oneself, or a seat the table does not have.
    assert_eq!(code(check(&t, A, &decl(Center, Center, Some(A)), &[])), ("not_a_target", "MP-9"));
    assert_eq!(code(check(&t, A, &decl(Center, Center, Some(E)), &[])), ("not_a_target", "MP-9"));
}
