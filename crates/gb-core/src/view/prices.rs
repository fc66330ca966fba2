//! HP prices said before committing: for each legal intent of the seat that owes a decision, the damage to its
//! own HP the effect it starts will inflict — Ghost's Haunt (an activated effect's cost), Beatrice's Plotting
//! (a trigger on being blended, the blend's level, CR 501.5), an opponent's Anchor (Mooring) — read from the card
//! programs and the triggers that would fire, so a client shows a price it never computes.
use crate::api::{check, owed_seat};
use crate::cards::CardKind;
use crate::effects::field::Field;
use crate::effects::program::{Op, Program, TriggerOn};
use crate::effects::resolve::Prompt;
use crate::effects::triggers::listening_with;
use crate::effects::{pending_mooring_price, program};
use crate::frames::{AskKind, Frame};
use crate::ids::{Position, Viewer};
use crate::intent::Intent;
use crate::state::MatchState;
use serde::Serialize;

/// One legal intent and the HP it costs its seat.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HpPrice {
    pub intent: Intent,
    /// Damage to the seat's own HP (non-attack damage, CR 204.4a does not apply).
    pub hp: u16,
}

/// The priced intents of the viewer's decision, into `out`; none for anyone not owing one.
/// `fields` are both seats' fields, worked out once for the whole view.
pub(super) fn hp_prices(state: &MatchState, fields: &[&Field], viewer: Viewer, out: &mut Vec<HpPrice>) {
    let Some(seat) = viewer.seat() else { return };
    let field = fields[seat.index()];
    if owed_seat(state) != Some(seat) {
        return;
    }
    // Priced first (cheap), so legality is checked only for the few intents that cost HP. The candidates are
    // offered one at a time, never gathered in a list, and only when priced: most views price nothing, and a
    // call per candidate that built an intent to drop it was 2 % of a view (issue 14).
    let mut offer = |intent: Intent, hp: u16| {
        if check(state, seat, &intent).is_ok() {
            out.push(HpPrice { intent, hp });
        }
    };
    let hp = accept_price(state);
    if hp > 0 {
        offer(Intent::Accept, hp);
    }
    for hero in Position::ALL {
        let hp = match field.live[hero.index()] {
            Some((_, Program::Activated { steps, .. })) => steps_price(steps, 0),
            _ => 0,
        };
        if hp > 0 {
            offer(Intent::UseEffect { hero }, hp);
        }
    }
    let hand = &state.player(seat).hand;
    // What a "when blended" trigger (not optional: an optional one is priced when it asks "you may", `Accept`
    // above) of each hero would cost, asked once per hero rather than once per blend card in hand and only when
    // there is a blend card at all.
    let blended = hand.iter().any(|c| c.def.def().kind == CardKind::Blend).then(|| {
        Position::each(|hero| {
            let live = field.live[hero.index()]?;
            match listening_with(state, seat, hero, TriggerOn::ThisHeroBlended, None, live, |p| field.live[p.index()]) {
                // Only a trigger that costs HP at all makes a blend onto this hero worth a look, and then the
                // hero's gem pool is worked out once, not once per blend card.
                Some((_, Program::Trigger { optional: false, steps, .. })) if costs_hp(steps) => {
                    let level = field.altered[hero.index()].level(state, seat, hero);
                    Some((steps.as_slice(), field.pool(state, hero), level))
                }
                _ => None,
            }
        })
    });
    for card in hand {
        let hp = match program(card.def) {
            Some(Program::Action { steps } | Program::TimedAction { steps, .. }) => steps_price(steps, 0),
            _ => 0,
        };
        if hp > 0 {
            offer(Intent::PlayAction { card: card.id }, hp);
        }
        let def = card.def.def();
        if def.kind != CardKind::Blend {
            continue;
        }
        for hero in Position::ALL {
            // Only onto a hero it could blend with (CR 302.3, 302.5b); `check` has the last word.
            let hp = blended
                .as_ref()
                .and_then(|b| b[hero.index()].as_ref())
                .filter(|(_, pool, level)| crate::intents::blend::could_blend(state, seat, hero, def, *level, pool))
                .map_or(0, |(steps, ..)| steps_price(steps, def.level));
            if hp > 0 {
                offer(Intent::PlayBlend { card: card.id, hero }, hp);
            }
        }
    }
}

/// What accepting the question asked now costs: an opponent's Mooring, or a "you may" effect's self-damage.
fn accept_price(state: &MatchState) -> u16 {
    match state.frames.as_slice() {
        [.., Frame::Effect(f), Frame::Ask { kind: AskKind::Effect { prompt, .. }, .. }] => match prompt {
            Prompt::PayMooring => pending_mooring_price(state, f),
            Prompt::MayUse => steps_price(f.steps(), f.ctx.level),
            _ => 0,
        },
        _ => 0,
    }
}

/// Whether a program's steps damage their own player at all.
fn costs_hp(steps: &[Op]) -> bool {
    steps.iter().any(|op| matches!(op, Op::DamageSelf { .. } | Op::DamageSelfBlendLevel))
}

/// The self-damage a program's steps inflict; `level` is the blend level a "when blended" trigger knows.
fn steps_price(steps: &[Op], level: u8) -> u16 {
    steps
        .iter()
        .map(|op| match op {
            Op::DamageSelf { amount } => *amount,
            Op::DamageSelfBlendLevel => u16::from(level),
            _ => 0,
        })
        .sum()
}
