//! HP prices said before committing: for each legal intent of the seat that owes a decision, the damage to its
//! own HP the effect it starts will inflict — Ghost's Haunt (an activated effect's cost), Beatrice's Plotting
//! (a trigger on being blended, the blend's level, CR 501.5), an opponent's Anchor (Mooring) — read from the card
//! programs and the triggers that would fire, so a client shows a price it never computes.
use crate::api::{check, owed_seat};
use crate::effects::program::{Op, Program, TriggerOn};
use crate::effects::resolve::Prompt;
use crate::effects::triggers::listening;
use crate::effects::{live_program, pending_mooring_price, program};
use crate::frames::{AskKind, Frame};
use crate::ids::{Position, Seat, Viewer};
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

/// The priced intents of the viewer's decision; `None` for anyone not owing one, or when nothing has a price.
pub(super) fn hp_prices(state: &MatchState, viewer: Viewer) -> Option<Vec<HpPrice>> {
    let seat = viewer.seat()?;
    if owed_seat(state) != Some(seat) {
        return None;
    }
    let out: Vec<HpPrice> = candidates(state, seat)
        .into_iter()
        .filter_map(|intent| {
            let hp = price(state, seat, &intent);
            // Priced first (cheap), so legality is checked only for the few intents that cost HP.
            (hp > 0 && check(state, seat, &intent).is_ok()).then_some(HpPrice { intent, hp })
        })
        .collect();
    (!out.is_empty()).then_some(out)
}

/// Every intent that can carry a price; `check` decides which of them are legal now.
fn candidates(state: &MatchState, seat: Seat) -> Vec<Intent> {
    let mut out = vec![Intent::Accept];
    out.extend(Position::ALL.map(|hero| Intent::UseEffect { hero }));
    for card in &state.player(seat).hand {
        out.push(Intent::PlayAction { card: card.id });
        out.extend(Position::ALL.map(|hero| Intent::PlayBlend { card: card.id, hero }));
    }
    out
}

/// What `intent` would cost `seat`'s HP by the effect it starts (0 if nothing).
fn price(state: &MatchState, seat: Seat, intent: &Intent) -> u16 {
    match intent {
        Intent::UseEffect { hero } => match live_program(state, seat, *hero) {
            Some((_, Program::Activated { steps, .. })) => steps_price(steps, 0),
            _ => 0,
        },
        // An optional "when blended" effect is priced when it asks "you may" (`Accept` below).
        Intent::PlayBlend { card, hero } => {
            let Some(card) = state.player(seat).hand.iter().find(|c| c.id == *card) else { return 0 };
            match listening(state, seat, *hero, TriggerOn::ThisHeroBlended) {
                Some((_, Program::Trigger { optional: false, steps, .. })) => steps_price(steps, card.def.def().level),
                _ => 0,
            }
        }
        Intent::PlayAction { card } => {
            let Some(card) = state.player(seat).hand.iter().find(|c| c.id == *card) else { return 0 };
            match program(card.def) {
                Some(Program::Action { steps } | Program::TimedAction { steps, .. }) => steps_price(steps, 0),
                _ => 0,
            }
        }
        Intent::Accept => match state.frames.as_slice() {
            [.., Frame::Effect(f), Frame::Ask { kind: AskKind::Effect { prompt, .. }, .. }] => match prompt {
                Prompt::PayMooring => pending_mooring_price(state, f),
                Prompt::MayUse => steps_price(f.steps(), f.ctx.level),
                _ => 0,
            },
            _ => 0,
        },
        _ => 0,
    }
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
