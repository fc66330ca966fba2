//! Attaching cards to a hero (CR 406, 604) and counting the cards on a field, which attached cards and the action
//! meter are not part of (CR 406.1, 401.1a).
use crate::effects::resolve::{Answer, EffectFrame, Flow, Prompt};
use crate::event::{Event, Events};
use crate::ids::Seat;
use crate::state::{Card, MatchState};

/// Puts `card` (already out of its zone) face up under the source hero, remembering the effect that attached it:
/// the card stays only while the hero has that effect (CR 406.2). Without a source hero on the field the card
/// goes to the discard instead, so it is never lost.
fn attach(state: &mut MatchState, f: &EffectFrame, card: Card, ev: &mut Events) {
    let me = f.controller;
    let card = state.fresh(card.def);
    let Some(pos) = f.source_position(state) else {
        state.player_mut(me).discard.push(card);
        ev.push(Event::Discarded { seat: me, card: card.into() });
        return;
    };
    let hero = state.hero_mut(me, pos);
    hero.attached.push(card);
    hero.attached_by = Some(f.effect);
    ev.push(Event::Attached { seat: me, hero: pos, card: card.into() });
}

/// "Attach the top card of your deck to this hero" (nothing happens with an empty deck).
pub(super) fn attach_top_of_deck(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    if let Some(card) = state.player_mut(f.controller).deck.pop() {
        attach(state, f, card, ev);
    }
    Flow::Next
}

/// "Attach a card from your hand to this hero": asks `attach_from_hand` (nothing happens with an empty hand).
pub(super) fn attach_from_hand(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let me = f.controller;
    match f.take_answer() {
        Some(Answer::Card(id)) => {
            let Some(card) = state.take_from_hand(me, id) else { return Flow::Stop };
            attach(state, f, card, ev);
            Flow::Next
        }
        None if !state.player(me).hand.is_empty() => Flow::Ask(me, Prompt::AttachFromHand),
        _ => Flow::Next,
    }
}

/// The cards on `seat`'s field: each hero with its gems and blend. Attached cards are part of the blend but not on
/// the field (CR 406.1, 604.1), and the action meter is a zone off the field (CR 401.1a).
pub(crate) fn field_cards(state: &MatchState, seat: Seat) -> usize {
    state.player(seat).field.iter().map(|h| 1 + h.gems.len() + h.blend.is_some() as usize).sum()
}

/// "Gain 1 HP for each card on your field".
pub(super) fn gain_hp_per_field_card(state: &mut MatchState, f: &mut EffectFrame, ev: &mut Events) -> Flow {
    let n = field_cards(state, f.controller) as u16;
    state.gain_hp(f.controller, n, ev);
    Flow::Next
}
