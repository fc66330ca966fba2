//! What the defender being asked is about to take from the attack being resolved (CR 204.4; MP-13: each defending
//! player answers the hits on their own heroes, one after another). Every attacker's damage is calculated once,
//! before any deblend-to-block (CR 204.3, RULINGS.md on 204.4f), so the whole attack's damage is known when the
//! first question is asked: a client can ask "Take N damage" once per attack, not per attacker.
use crate::frames::{AskKind, AttackStage, AttackerState, Frame};
use crate::ids::{Position, Seat};
use crate::state::MatchState;
use serde::Serialize;

/// The hits of the attack being resolved that the asked defender has not answered yet (MP-13).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DamageDue {
    /// The defending player, who answers each hit (accept, deblend-to-block, or a timed action).
    pub seat: Seat,
    /// The sum of `hits`: what the defender's HP loses if every remaining hit is taken (CR 204.4a).
    pub total: u16,
    /// The hit being asked about now first, then the others in the order they will be asked.
    pub hits: Vec<DueHit>,
}

/// One attacker's damage to the defender's HP.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DueHit {
    pub attacker: Position,
    /// The defender's hero it attacks (a blended one may deblend to block, CR 610).
    pub target: Position,
    pub damage: u16,
}

/// The damage due while the defender is being asked about an attacker, written into `slot` (its list of hits
/// reused); `None` otherwise. Public: the attack and each attacker's calculated damage are public events
/// (`attack_damage_calculated`).
pub(super) fn damage_due_into(state: &MatchState, slot: &mut Option<DamageDue>) {
    let mut hits = slot.take().map(|d| d.hits).unwrap_or_default();
    let [.., Frame::Attack(attack), Frame::Ask { seat, kind: AskKind::AttackDamage { attacker, target, damage } }] =
        state.frames.as_slice()
    else {
        return;
    };
    // The attack frame's stage already points past the attacker being asked about (attack.rs, `Damage(i)`).
    let AttackStage::Damage(next) = attack.stage else { return };
    hits.clear();
    hits.push(DueHit { attacker: *attacker, target: *target, damage: *damage });
    // MP-13: only the hits on the asked defender's heroes; the attack's others are other players' to answer.
    let table = state.table();
    let theirs = |a: &&AttackerState| !a.dropped && a.defender(&table, attack.seat) == *seat;
    hits.extend(attack.attackers.iter().skip(next as usize).filter(theirs).map(|a| DueHit {
        attacker: a.hero,
        target: a.target,
        damage: a.damage,
    }));
    let total = hits.iter().map(|h| h.damage).sum();
    *slot = Some(DamageDue { seat: *seat, total, hits });
}
