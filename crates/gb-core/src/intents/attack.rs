//! The attack: declaration (CR 203), the two declaration windows, dropping 0-ATK attackers (CR 204.1), "when this
//! hero is attacked" effects (CR 204.2), damage calculated for every attacker before any block (CR 204.3,
//! RULINGS.md on 204.4f), then the defender's choice per attacker: accept the damage, deblend-to-block (CR 204.4,
//! 610), or answer with a timed action (CR 623); "after this hero attacks" effects follow each attack (CR 204.5d).
//! Heroes with additional attacks then repeat CR 204 (`additional.rs`, CR 204.5, 601).
use crate::effects::field::LazyField;
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{DeblendReason, Event, Events};
use crate::frames::{AskKind, AttackFrame, AttackStage, AttackerState, Frame, WindowKind};
use crate::ids::{Position, Seat};
use crate::intent::{AttackerDecl, Intent};
use crate::intents::{Kind, current_ask, not_asked, require_window};
use crate::rejection::Rejection;
use crate::state::MatchState;
use crate::stats::{self, Stat};

mod candidates;
mod targets;
pub(crate) use candidates::candidates;
pub(crate) use targets::{each_target, named, targets_with};

/// Whether `seat` may declare an attack at all now, whatever its attackers (CR 203.1, 200.9, 203.1a).
#[inline]
pub(crate) fn may_declare(state: &MatchState, seat: Seat) -> Result<(), Rejection> {
    require_window(state, seat, WindowKind::Main, "CR 203.1", "declaring an attack")?;
    if state.is_first_turn(seat) && seat == state.turn.first_player {
        return Err(Rejection::new(
            "first_turn_no_attack",
            "CR 200.9",
            "the player going first may not attack on their first turn",
        ));
    }
    if state.player(seat).attacked_this_turn {
        return Err(Rejection::new("already_attacked", "CR 203.1a", "you may declare only one attack per turn"));
    }
    Ok(())
}

/// CR 203: the one attack of the turn, all attackers at once.
pub(crate) struct Declare<'a> {
    pub(crate) attackers: &'a [AttackerDecl],
}

/// The attackers, each found free to attack its target by the check.
pub(crate) struct Declared<'a> {
    attackers: &'a [AttackerDecl],
}

impl<'a> Kind for Declare<'a> {
    type Checked = Declared<'a>;
    // Declaring only opens the attack's frame: the attacker's field listed for it serves its steps.
    const KEEPS_FIELDS: bool = true;
    /// Whether `attackers` may be declared (CR 203.1, 204.3a), against `seat`'s field, shared with the other
    /// candidates of `legal_intents`.
    fn check(self, state: &MatchState, seat: Seat, field: &LazyField) -> Result<Declared<'a>, Rejection> {
        let attackers = self.attackers;
        may_declare(state, seat)?;
        if attackers.is_empty() {
            return Err(Rejection::new("no_attackers", "CR 203.1b", "declare at least one attacking hero"));
        }
        for (i, a) in attackers.iter().enumerate() {
            if !a.hero.is_frontline() {
                return Err(Rejection::new("back_cannot_attack", "CR 203.1d", "back position heroes cannot attack"));
            }
            if crate::effects::cannot_attack(state, seat, a.hero) {
                return Err(Rejection::new(
                    "hero_cannot_attack",
                    "CR 623.2c",
                    "that hero may not attack for the remainder of the turn",
                ));
            }
            if attackers[..i].iter().any(|b| b.hero == a.hero) {
                return Err(Rejection::new(
                    "attacker_twice",
                    "CR 203.1b",
                    "each hero can be declared as an attacker once",
                ));
            }
            targets::check(&state.table, seat, a, field.get().statics[a.hero.index()])?;
        }
        Ok(Declared { attackers })
    }
    /// A listed declaration passed every test when `legal_intents` listed it (`attack::candidates`).
    fn check_listed(self, _: &MatchState, _: Seat, _: &LazyField) -> Result<Declared<'a>, Rejection> {
        Ok(Declared { attackers: self.attackers })
    }
    fn apply(Declared { attackers }: Declared<'a>, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        apply_declare(state, seat, attackers, ev);
    }
}

/// Opens the attack of `attackers`, as declared (a test declares an attack the rules refuse through it).
pub(crate) fn apply_declare(state: &mut MatchState, seat: Seat, attackers: &[AttackerDecl], ev: &mut Events) {
    // MP-13: the hits are answered by defender in turn order from the attacker's left, each defender's in left,
    // center, right order; the two-player game names no defender, so its order is the heroes' (CR 204.4).
    let mut sorted: crate::intent::Attackers = attackers.into();
    sorted.sort_by_key(|a| (a.defender.map(|d| state.table.rank(seat, d)), a.hero));
    state.player_mut(seat).attacked_this_turn = true;
    ev.push(Event::AttackDeclared { seat, attackers: sorted.clone() });
    let attackers = sorted.iter().map(AttackerState::declared).collect();
    let stage = AttackStage::AttackerWindow;
    state.frames.push(Frame::Attack(AttackFrame { seat, attackers, stage, blocked: 0, windows: 0 }));
}

/// The attacking seat of the attack under way (only the active player attacks, CR 203.1).
fn attacking_seat(state: &MatchState) -> Seat {
    state
        .frames
        .iter()
        .rev()
        .find_map(|f| if let Frame::Attack(a) = f { Some(a.seat) } else { None })
        .unwrap_or(state.turn.active)
}

pub(crate) fn step(state: &mut MatchState, mut attack: AttackFrame, ev: &mut Events) {
    let seat = attack.seat;
    // CR 206.1: a decided round ends the attack; nothing else it would do matters any more. MP-15: so does the
    // attacker's elimination (MP-26 then ends the turn).
    if state.turn.round_loser.is_some() || !state.table.is_living(seat) {
        ev.push(Event::AttackEnded { seat });
        return;
    }
    match attack.stage {
        AttackStage::AttackerWindow => {
            attack.stage = AttackStage::DefenderWindow;
            state.frames.push(Frame::Attack(attack));
            state.frames.push(Frame::Window { seat, kind: WindowKind::AttackerDeclared });
        }
        AttackStage::DefenderWindow => {
            // MP-13: each defending player's window (CR 203.3), one at a time in turn order from the attacker's
            // left; MP-14: a player none of whose heroes is attacked gets none. The stage moves on with the last
            // one, so the two-player game's one window leaves the frame as it always did.
            let mut pending = state
                .table
                .opponents(seat)
                .filter(|&s| attack.windows & seat_bit(s) == 0 && defends(state, &attack, s));
            let next = pending.next();
            if pending.next().is_none() {
                attack.stage = AttackStage::WhenAttacked;
            }
            let Some(defender) = next else {
                // Every defending player left the game before their window (MP-15).
                state.frames.push(Frame::Attack(attack));
                return;
            };
            attack.windows |= seat_bit(defender);
            state.frames.push(Frame::Attack(attack));
            state.frames.push(Frame::Window { seat: defender, kind: WindowKind::DefenderDeclared });
        }
        AttackStage::WhenAttacked => {
            // CR 204.1: heroes that still have 0 ATK do not resolve an attack; CR 204.2: then the "when this hero
            // is attacked" effects of the heroes the others attack. An additional attack repeats this (CR 204.5)
            // for the heroes that make it; the others are already dropped. The attacker's field is worked out once
            // for every attacker: raising a trigger only queues it (issue 14).
            let field = *LazyField::kept(state, seat).get();
            for a in attack.attackers.iter_mut().filter(|a| !a.dropped) {
                let defender = a.defender(&state.table, seat);
                // MP-15: nothing is attacked on a player who has left the game.
                if !state.table.is_living(defender) {
                    continue;
                }
                // MP-40: "while attacking that opponent", against this attacker's own defender.
                if stats::current_in(state, &field, a.hero, Stat::Atk, Some(defender)) == 0 {
                    a.dropped = true;
                    ev.push(Event::AttackerDropped { seat, hero: a.hero });
                } else {
                    raise(state, TriggerEvent::Attacked { seat: defender, pos: a.target });
                }
            }
            attack.stage = AttackStage::Calculate;
            state.frames.push(Frame::Attack(attack));
        }
        AttackStage::Calculate => {
            calculate(state, &mut attack, ev);
            attack.stage = AttackStage::Damage(0);
            state.frames.push(Frame::Attack(attack));
        }
        AttackStage::Damage(i) => {
            // MP-15: the hits on a defender who has left the game are dropped, without "after this hero attacks".
            let table = state.table;
            let next = attack
                .attackers
                .iter()
                .enumerate()
                .skip(i as usize)
                .find(|(_, a)| !a.dropped && table.is_living(a.defender(&table, seat)));
            let Some((idx, a)) = next else {
                // CR 601.1a: once this attack resolved, the attacker may make its heroes' additional attacks.
                if super::additional::any_left(state, &attack) {
                    attack.stage = AttackStage::Additional(0);
                    state.frames.push(Frame::Attack(attack));
                } else {
                    ev.push(Event::AttackEnded { seat });
                }
                return;
            };
            let a = *a;
            attack.stage = AttackStage::Damage(idx as u8 + 1);
            state.frames.push(Frame::Attack(attack));
            // MP-13: the defending player whose hero this attacker attacks answers its hit.
            state.frames.push(Frame::Ask {
                seat: a.defender(&table, seat),
                kind: AskKind::AttackDamage { attacker: a.hero, target: a.target, damage: a.damage },
            });
        }
        AttackStage::Additional(i) => super::additional::step(state, attack, i, ev),
    }
}

/// CR 204.3: every attacker's damage, before anyone blocks (RULINGS.md on 204.4f): its ATK while attacking its own
/// defender (MP-40) minus its target's DEF. The attacker's field once, and each defender's once: the attackers
/// are grouped by defender (MP-13), so one field is kept at a time (issue 14).
fn calculate(state: &MatchState, attack: &mut AttackFrame, ev: &mut Events) {
    let seat = attack.seat;
    let mine = LazyField::kept(state, seat);
    let mine = mine.get();
    let mut theirs: Option<LazyField> = None;
    for a in attack.attackers.iter_mut().filter(|a| !a.dropped) {
        let defender = a.defender(&state.table, seat);
        if !state.table.is_living(defender) {
            continue; // MP-15: no hit to calculate.
        }
        if theirs.as_ref().is_none_or(|f| f.get().seat != defender) {
            theirs = Some(LazyField::kept(state, defender));
        }
        let field = theirs.as_ref().expect("just set").get();
        let atk = stats::current_in(state, mine, a.hero, Stat::Atk, Some(defender));
        let def = stats::current_in(state, field, a.target, Stat::Def, None);
        a.damage = atk.saturating_sub(def);
        ev.push(Event::AttackDamageCalculated {
            seat,
            attacker: a.hero,
            target: a.target,
            defender: a.defender,
            atk,
            def,
            damage: a.damage,
        });
    }
}

/// Whether any attacker still in the attack attacks one of `defender`'s heroes (MP-13, MP-14).
fn defends(state: &MatchState, attack: &AttackFrame, defender: Seat) -> bool {
    attack.attackers.iter().any(|a| !a.dropped && a.defender(&state.table, attack.seat) == defender)
}

fn seat_bit(seat: Seat) -> u8 {
    1 << seat.index()
}

/// The damage question the seat is asked: the attacker, its target and the damage (CR 204.4).
pub(crate) struct DamageAsked {
    attacker: Position,
    target: Position,
    damage: u16,
}

fn damage_ask(state: &MatchState, seat: Seat) -> Result<DamageAsked, Rejection> {
    match current_ask(state, seat) {
        Some(AskKind::AttackDamage { attacker, target, damage }) => Ok(DamageAsked { attacker, target, damage }),
        _ => Err(not_asked("CR 204.4", "answering attack damage")),
    }
}

/// CR 204.4: the damage may always be taken, and a deblend-to-block offered (checked).
pub(crate) fn damage_candidates(out: &mut Vec<Intent>) {
    out.extend([Intent::AcceptDamage, Intent::DeblendToBlock]);
}

/// CR 204.4a: take the attack damage of the attacker being resolved.
pub(crate) struct AcceptDamage;

impl Kind for AcceptDamage {
    type Checked = DamageAsked;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<DamageAsked, Rejection> {
        damage_ask(state, seat)
    }
    fn apply(DamageAsked { attacker, damage, .. }: DamageAsked, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.frames.pop();
        // CR 204.4a: net attack damage below 0 counts as 0 (RULINGS.md, attacker backlash: none).
        if damage > 0 {
            state.damage(seat, damage, true, ev);
        }
        // CR 204.5d: "after this hero attacks" effects resolve before the next attack.
        let attacking = attacking_seat(state);
        raise(state, TriggerEvent::AfterAttack { seat: attacking, pos: attacker });
    }
}

/// CR 610: discard the attacked hero's blend to prevent this attacker's damage.
pub(crate) struct Block;

impl Kind for Block {
    type Checked = DamageAsked;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<DamageAsked, Rejection> {
        let asked = damage_ask(state, seat)?;
        super::additional::check_one_block(state, asked.attacker, asked.target)?;
        if !state.hero(seat, asked.target).is_blended() {
            return Err(Rejection::new("hero_not_blended", "CR 610.1b", "only a blended hero can deblend-to-block"));
        }
        Ok(asked)
    }
    fn apply(DamageAsked { attacker, target, .. }: DamageAsked, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.frames.pop();
        super::additional::record_block(state, target);
        // CR 610.1c–d: only the blend goes, and only this attacker's damage is prevented.
        state.deblend(seat, target, DeblendReason::Block, ev);
        ev.push(Event::DeblendedToBlock { seat, hero: target, attacker });
        let attacking = attacking_seat(state);
        raise(state, TriggerEvent::AfterAttack { seat: attacking, pos: attacker });
    }
}

#[cfg(test)]
mod tests;
