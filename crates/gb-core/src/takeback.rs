//! Takeback (issue 44): a seat takes back its last action when the rewind can teach nobody anything. A match's
//! log is then a list of [`Logged`] entries: intents, and takebacks of the last intent still standing. A
//! takeback is its own version: the state after it is the state before the taken-back intent, rebuilt from the
//! setup and the intents still standing (deterministic, so it is exactly that state), with the version counting
//! on (a version never goes back, so every viewer's frames keep their order).
use crate::api::apply;
use crate::event::{Event, Events};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::replay::ReplayError;
use crate::setup::{MatchSetup, new_match};
use crate::state::MatchState;

/// One entry of a match's log.
#[derive(Clone, Debug, PartialEq)]
pub enum Logged {
    /// An accepted intent and the seat that sent it.
    Intent(Seat, Intent),
    /// The seat took back the last intent still standing, which was its own.
    TakeBack(Seat),
}

/// Why a takeback is refused. Each leaves the match as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TakeBackRefusal {
    /// Nothing stands to be taken back: no intent yet, or the last entry is itself a takeback.
    Nothing,
    /// The last intent is another seat's.
    NotYours,
    /// The intent, or what followed from it, drew, searched, revealed or shuffled cards, or drew on the match's
    /// randomness: rewinding would let someone play again knowing what was hidden.
    HiddenRevealed,
    /// The intent ended the game.
    GameOver,
    /// The log does not replay (never for a log the engine accepted).
    Broken(String),
}

impl std::fmt::Display for TakeBackRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TakeBackRefusal::Nothing => "there is no action to take back",
            TakeBackRefusal::NotYours => "the last action is not yours",
            TakeBackRefusal::HiddenRevealed => "hidden information was revealed since that action",
            TakeBackRefusal::GameOver => "that action ended the game",
            TakeBackRefusal::Broken(e) => e,
        })
    }
}

/// Whether `event` tells anyone something that was hidden, or comes of the match's randomness. Every kind is
/// named, so a new kind must be decided here; when in doubt it counts as revealing.
pub fn reveals_hidden(event: &Event) -> bool {
    match event {
        // Public moves of cards already public, or of the mover's own hand (playing a card shows it anyway).
        Event::GemEquipped { .. }
        | Event::Blended { .. }
        | Event::Deblended { .. }
        | Event::Discarded { .. }
        | Event::ActionPlayed { .. }
        | Event::ActionResolved { .. }
        | Event::AttackDeclared { .. }
        | Event::AttackerDropped { .. }
        | Event::AttackDamageCalculated { .. }
        | Event::DeblendedToBlock { .. }
        | Event::Damage { .. }
        | Event::HpGained { .. }
        | Event::AttackEnded { .. }
        | Event::AdditionalAttack { .. }
        | Event::AdditionalAttackForgone { .. }
        | Event::EndPhase { .. }
        | Event::EffectResolving { .. }
        | Event::EffectUsed { .. }
        | Event::Switched { .. }
        | Event::Rotated { .. }
        | Event::Arranged { .. }
        | Event::LevelChanged { .. }
        | Event::EffectRemoved { .. }
        | Event::EffectCopied { .. }
        | Event::Inverted { .. }
        | Event::AttackBlocked { .. } => false,
        // Draws (CR 402.2), deals and mulligans (CR 200.5, 200.6), the seeded draw (CR 200.4), searches (CR 619.1),
        // reveals, shuffles, a bench hero turned up (CR 621), cards taken from a hidden zone, a new turn or round
        // (which draws), and the end of a player or the game.
        Event::TurnOrderChooser { .. }
        | Event::TurnOrderChosen { .. }
        | Event::HandDealt { .. }
        | Event::Mulligan { .. }
        | Event::HeroesRevealed { .. }
        | Event::TurnStarted { .. }
        | Event::CardDrawn { .. }
        | Event::DeckedOut { .. }
        | Event::RoundLost { .. }
        | Event::RoundStarted { .. }
        | Event::Substituted { .. }
        | Event::CardRevealed { .. }
        | Event::Searched { .. }
        | Event::DeckShuffled { .. }
        | Event::ReturnedToHand { .. }
        | Event::Attached { .. }
        | Event::Conceded { .. }
        | Event::MeterEmptied { .. }
        | Event::Eliminated { .. }
        | Event::GameOver { .. }
        | Event::TookBack { .. } => true,
    }
}

/// Where the match's randomness stood before an intent, kept by a caller (a server's room) that wants to know
/// after applying it whether it could be taken back without replaying the log ([`takes_back`]).
#[derive(Clone, Debug)]
pub struct RngMark(crate::rng::MatchRng);

impl RngMark {
    pub fn of(state: &MatchState) -> RngMark {
        RngMark(state.rng.clone())
    }
}

/// Whether the intent that took the match from `before` (its randomness) to `after`, with `events`, may be
/// taken back: it did not end the game, and neither it nor anything it set off revealed hidden information
/// (draws, CR 402.2; searches, CR 619.1; a bench hero turned up, CR 621) or drew on the match's randomness. The
/// one test [`take_back`] applies, so a server showing "Take back" offers exactly what it will accept.
pub fn takes_back(before: &RngMark, after: &MatchState, events: &Events) -> bool {
    !after.is_over() && !events.0.iter().any(reveals_hidden) && after.rng == before.0
}

/// The intents still standing in `log`: each takeback removes the intent before it. What a match record holds
/// (`record.rs`): replayed, they give the same match, but at the version of their own count.
pub fn standing(log: &[Logged]) -> Vec<(Seat, &Intent)> {
    let mut kept = Vec::with_capacity(log.len());
    for entry in log {
        match entry {
            Logged::Intent(seat, intent) => kept.push((*seat, intent)),
            Logged::TakeBack(_) => {
                kept.pop();
            }
        }
    }
    kept
}

fn replayed(setup: &MatchSetup, intents: &[(Seat, &Intent)]) -> Result<MatchState, TakeBackRefusal> {
    let mut state = new_match(setup).map_err(|e| TakeBackRefusal::Broken(format!("the setup is refused: {e:?}")))?;
    for (seat, intent) in intents {
        apply(&mut state, *seat, intent).map_err(|r| TakeBackRefusal::Broken(r.to_string()))?;
    }
    Ok(state)
}

/// `seat` takes back the last entry of `log` (played from `setup`): the state before that intent, at the next
/// version (`log.len() + 1`), and the takeback's event. Refused unless the last entry is `seat`'s intent, it
/// did not end the game and neither it nor anything it set off revealed hidden information or used the
/// match's randomness (be it only a shuffle no event names).
pub fn take_back(setup: &MatchSetup, log: &[Logged], seat: Seat) -> Result<(MatchState, Events), TakeBackRefusal> {
    let Some(Logged::Intent(by, last)) = log.last() else { return Err(TakeBackRefusal::Nothing) };
    if *by != seat {
        return Err(TakeBackRefusal::NotYours);
    }
    let mut before = replayed(setup, &standing(&log[..log.len() - 1]))?;
    let mut after = before.clone();
    let events = apply(&mut after, seat, last).map_err(|r| TakeBackRefusal::Broken(r.to_string()))?;
    if after.is_over() {
        return Err(TakeBackRefusal::GameOver);
    }
    if !takes_back(&RngMark::of(&before), &after, &events) {
        return Err(TakeBackRefusal::HiddenRevealed);
    }
    before.applied = log.len() as u32 + 1;
    let mut took = Events::default();
    took.push(Event::TookBack { seat });
    Ok((before, took))
}

/// [`crate::replay_each`] for a log with takebacks: every version in turn, a takeback's being the state it
/// rewound to (checked again with [`take_back`]) with its event.
pub fn replay_logged_each(
    setup: &MatchSetup,
    log: &[Logged],
    mut each: impl FnMut(&MatchState, &Events),
) -> Result<MatchState, ReplayError> {
    let mut state = new_match(setup).map_err(ReplayError::Setup)?;
    each(&state, &Events::default());
    for (index, entry) in log.iter().enumerate() {
        match entry {
            Logged::Intent(seat, intent) => {
                let events =
                    apply(&mut state, *seat, intent).map_err(|rejection| ReplayError::Rejected { index, rejection })?;
                each(&state, &events);
            }
            Logged::TakeBack(seat) => {
                let (rewound, events) = take_back(setup, &log[..index], *seat)
                    .map_err(|refusal| ReplayError::TakeBack { index, refusal: refusal.to_string() })?;
                state = rewound;
                each(&state, &events);
            }
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests;
