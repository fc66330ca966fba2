//! Additional attacks (CR 204.5, 601). Once an attack resolved, each hero that has an additional attack left may
//! attack its declared target again without declaring (CR 601.1a): the attacker is asked hero by hero, then CR 204
//! is repeated for the heroes that go on, and the others take no part. No window opens between attacks (CR
//! 204.5c); damage is calculated anew (CR 204.5a); "after this hero attacks" effects have resolved before the
//! question (CR 204.5d); a defending hero deblends-to-block only one of the attacks (CR 204.5b, 601.2).
use crate::effects::program::Static;
use crate::event::{Event, Events};
use crate::frames::{AskKind, AttackFrame, AttackStage, AttackerState, Frame};
use crate::ids::{Position, Seat};
use crate::intent::Intent;
use crate::intents::current_ask;
use crate::rejection::Rejection;
use crate::state::MatchState;

/// How many additional attacks the hero at `pos` may make, by its effect as it stands now (CR 601.1).
pub(crate) fn granted(state: &MatchState, seat: Seat, pos: Position) -> u8 {
    crate::effects::statics(state, seat, pos).iter().fold(0u8, |n, s| match s {
        Static::AdditionalAttacks(more) => n.saturating_add(*more),
        _ => n,
    })
}

/// A hero that did not resolve the attack just made (CR 204.1) has none to follow up (CR 601.1), nor has one that
/// may not attack for the remainder of the turn (Block Attack, CR 623.2c).
fn has_left(state: &MatchState, seat: Seat, a: &AttackerState) -> bool {
    !a.dropped && a.made < granted(state, seat, a.hero) && !crate::effects::cannot_attack(state, seat, a.hero)
}

pub(crate) fn any_left(state: &MatchState, attack: &AttackFrame) -> bool {
    attack.attackers.iter().any(|a| has_left(state, attack.seat, a))
}

/// Asks about the next hero from index `i` with an additional attack left; once all were asked, repeats CR 204
/// with the heroes that attack again, or ends the attack.
pub(crate) fn step(state: &mut MatchState, mut attack: AttackFrame, i: u8, ev: &mut Events) {
    let seat = attack.seat;
    let next = attack.attackers.iter().enumerate().skip(i as usize).find(|(_, a)| has_left(state, seat, a));
    if let Some((idx, a)) = next {
        let kind = AskKind::AdditionalAttack { attacker: a.hero, target: a.target };
        attack.stage = AttackStage::Additional(idx as u8 + 1);
        state.frames.push(Frame::Attack(attack));
        state.frames.push(Frame::Ask { seat, kind });
        return;
    }
    if !attack.attackers.iter().any(|a| a.again) {
        ev.push(Event::AttackEnded { seat });
        return;
    }
    // CR 204.5: CR 204 again, not CR 203: no declaration windows, the declared targets, and only these heroes.
    for a in attack.attackers.iter_mut() {
        a.dropped = !a.again;
        a.made += u8::from(a.again);
        a.again = false;
    }
    attack.stage = AttackStage::WhenAttacked;
    state.frames.push(Frame::Attack(attack));
}

/// The additional attack `seat` is asked about now: the hero and its declared target (CR 601.1a).
pub(crate) struct Asked {
    attacker: Position,
    target: Position,
}

/// The additional attack `seat` is being asked about now, if any.
pub(crate) fn asked_of(state: &MatchState, seat: Seat) -> Option<Asked> {
    match current_ask(state, seat) {
        Some(AskKind::AdditionalAttack { attacker, target }) => Some(Asked { attacker, target }),
        _ => None,
    }
}

/// Whether `seat` is being asked about an additional attack now.
pub(crate) fn asked(state: &MatchState, seat: Seat) -> bool {
    asked_of(state, seat).is_some()
}

/// Either answer to the question asked.
pub(crate) fn candidates(out: &mut Vec<Intent>) {
    out.extend([Intent::Accept, Intent::Decline]);
}

/// CR 601.1a: `accept` makes the additional attack, anything else forgoes this hero's additional attacks.
pub(crate) fn answer(
    state: &mut MatchState,
    seat: Seat,
    Asked { attacker, target }: Asked,
    accept: bool,
    ev: &mut Events,
) {
    state.frames.pop();
    if accept {
        if let Some(a) = attack_mut(state).and_then(|f| f.attackers.iter_mut().find(|a| a.hero == attacker)) {
            a.again = true;
        }
        ev.push(Event::AdditionalAttack { seat, attacker, target });
    } else {
        ev.push(Event::AdditionalAttackForgone { seat, attacker });
    }
}

/// CR 204.5c: between two attacks the only decision is the next attack; no card or effect may be used.
pub(crate) fn between_attacks(state: &MatchState, seat: Seat, intent: &Intent) -> Option<Rejection> {
    (asked(state, seat) && !matches!(intent, Intent::Accept | Intent::Decline)).then(|| {
        Rejection::new(
            "between_attacks",
            "CR 204.5c",
            "no cards or effects may be used between attacks: make the additional attack (accept) or forgo it \
             (decline)",
        )
    })
}

fn attack_mut(state: &mut MatchState) -> Option<&mut AttackFrame> {
    state.frames.iter_mut().rev().find_map(|f| match f {
        Frame::Attack(a) => Some(a),
        _ => None,
    })
}

fn bit(target: Position) -> u8 {
    1 << target.index()
}

/// CR 204.5b, 601.2: a hero that deblended-to-block one of the attacks cannot block an additional attack too.
pub(crate) fn check_one_block(state: &MatchState, attacker: Position, target: Position) -> Result<(), Rejection> {
    let attack = state.frames.iter().rev().find_map(|f| match f {
        Frame::Attack(a) => Some(a),
        _ => None,
    });
    let Some(attack) = attack else { return Ok(()) };
    let additional = attack.attackers.iter().any(|a| a.hero == attacker && a.made > 0);
    if additional && attack.blocked & bit(target) != 0 {
        return Err(Rejection::new(
            "already_blocked",
            "CR 601.2",
            format!(
                "your {} hero already deblended-to-block one of this attack's attacks; it blocks only one (CR 204.5b)",
                target.label()
            ),
        ));
    }
    Ok(())
}

/// Remembers a deblend-to-block for the additional attacks that may follow (CR 601.2).
pub(crate) fn record_block(state: &mut MatchState, target: Position) {
    if let Some(attack) = attack_mut(state) {
        attack.blocked |= bit(target);
    }
}
