//! The declarations the main window offers (CR 203.1): every combination of frontline heroes and their targets.
use super::{each_target, may_declare, named};
use crate::effects::field::Field;
use crate::ids::Position;
use crate::intent::{AttackerDecl, Attackers, Intent};
use crate::state::MatchState;
use smallvec::SmallVec;

/// Only when an attack may be declared at all (CR 203.1, 200.9, 203.1a), each frontline hero either stays home or
/// attacks one of its targets (CR 204.3a, 204.4f; MP-10, MP-37: any opponent's, the defender named in the
/// free-for-all); every non-empty combination (CR 203.1b), each hero once. A hero that may not attack this turn
/// (CR 623.2c) stays home in all of them; back position heroes never attack (CR 203.1d). Inline in the two-player
/// game (at most 1 + 3 options per hero).
pub(crate) fn candidates(state: &MatchState, field: &Field, out: &mut Vec<Intent>) {
    let seat = field.seat;
    if may_declare(state, seat).is_err() {
        return;
    }
    let table = state.table;
    // Filled in place: an array built by `map` from closures that push was copied whole once more per call.
    let mut options: [SmallVec<[Option<AttackerDecl>; 4]>; 3] = Default::default();
    for (v, hero) in options.iter_mut().zip(Position::FRONTLINE) {
        v.push(None);
        if !crate::effects::cannot_attack(state, seat, hero) {
            each_target(&table, seat, hero, field.statics[hero.index()], |defender, target| {
                v.push(Some(AttackerDecl { hero, target, defender: named(&table, defender) }))
            });
        }
    }
    for a in &options[0] {
        for b in &options[1] {
            for c in &options[2] {
                // Pushed one by one: `extend` from a flattening iterator cost ~100 instructions a combination
                // (3 % of an intent, callgrind; issue 14).
                let mut attackers = Attackers::new();
                for decl in [a, b, c].into_iter().flatten() {
                    attackers.push(*decl);
                }
                if !attackers.is_empty() {
                    out.push(Intent::DeclareAttack { attackers });
                }
            }
        }
    }
}
