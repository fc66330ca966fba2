//! Steps that move cards between hand, deck and discard: reveal, discard, search (CR 619), draw, return.
use crate::effects::program::CardFilter;
use crate::effects::resolve::{Answer, EffectFrame, Flow, Prompt};
use crate::effects::triggers::{TriggerEvent, raise};
use crate::event::{Event, Events};
use crate::state::MatchState;

/// Tara: reveal the top card; keep it if it matches (to the hand, RULINGS.md), otherwise discard it.
pub(super) fn reveal_top_keep_if(
    state: &mut MatchState,
    f: &mut EffectFrame,
    filter: CardFilter,
    ev: &mut Events,
) -> Flow {
    let me = f.controller;
    let Some(top) = state.player_mut(me).deck.pop() else { return Flow::Next };
    let card = state.fresh(top.def);
    let kept = filter.matches(card.def.def());
    ev.push(Event::CardRevealed { seat: me, card: card.def.name(), kept });
    if kept {
        state.player_mut(me).hand.push(card);
    } else {
        state.player_mut(me).discard.push(card);
    }
    Flow::Next
}

pub(super) fn discard_from_hand(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    match f.take_answer() {
        Some(Answer::Card(id)) => {
            let Some(card) = state.take_from_hand(me, id) else { return Flow::Stop };
            let card = state.fresh(card.def);
            state.player_mut(me).discard.push(card);
            ev.push(Event::Discarded { seat: me, card: card.into() });
            raise(state, TriggerEvent::GemDiscardedFromHand { seat: me, card });
            Flow::Next
        }
        // "discard 1 gem … and then search": without a gem to discard nothing follows.
        _ if crate::effects::choices::options(
            state,
            me,
            Prompt::DiscardFromHand,
            Some(&crate::frames::Frame::Effect(f.clone())),
        )
        .is_empty() =>
        {
            Flow::Stop
        }
        _ => Flow::Ask(me, Prompt::DiscardFromHand),
    }
}

/// CR 619: look through the deck, show the chosen card, put it into the hand, shuffle.
pub(super) fn search_deck(state: &mut MatchState, f: &mut EffectFrame, count: u8, ev: &mut Events) -> Flow {
    let me = f.controller;
    match f.take_answer() {
        None => Flow::Ask(me, Prompt::SearchDeck),
        answer => {
            if let Some(Answer::Card(id)) = answer {
                let deck = &mut state.player_mut(me).deck;
                if let Some(i) = deck.iter().position(|c| c.id == id) {
                    let card = deck.remove(i);
                    let card = state.fresh(card.def);
                    state.player_mut(me).hand.push(card);
                    ev.push(Event::Searched { seat: me, card: Some(card.def.name()) });
                    // `stage` counts the cards taken; CR 619.2: more than one card is still one search, so the
                    // searcher goes on looking before the single shuffle.
                    f.stage += 1;
                    if f.stage < count {
                        return Flow::Ask(me, Prompt::SearchDeck);
                    }
                }
            } else if f.stage == 0 {
                ev.push(Event::Searched { seat: me, card: None });
            }
            crate::intents::setup::shuffle_deck(state, me);
            ev.push(Event::DeckShuffled { seat: me });
            Flow::Next
        }
    }
}

/// Shard Buster: the attacking player may draw.
pub(super) fn opponent_may_draw(state: &mut MatchState, f: &mut EffectFrame, count: u8, ev: &mut Events) -> Flow {
    // MP-40: "that opponent" is the attacking player, whom the trigger names; a seat no longer living is not
    // asked (MP-25).
    let Some(opponent) = f.ctx.opponent(&state.table, f.controller).filter(|o| state.table.is_living(*o)) else {
        return Flow::Next;
    };
    match f.take_answer() {
        None => Flow::Ask(opponent, Prompt::OpponentMayDraw),
        Some(Answer::Yes) => {
            state.draw(opponent, count as usize, ev);
            Flow::Next
        }
        Some(_) => Flow::Next,
    }
}

/// Horizon Gazer: the discarded basic gem comes back to the hand.
pub(super) fn return_discarded_gem(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    let Some(card) = f.ctx.card else { return Flow::Next };
    let discard = &mut state.player_mut(me).discard;
    if let Some(i) = discard.iter().position(|c| c.id == card.id) {
        let card = discard.remove(i);
        let card = state.fresh(card.def);
        state.player_mut(me).hand.push(card);
        ev.push(Event::ReturnedToHand { seat: me, card: card.def.name() });
    }
    Flow::Next
}
