//! Equipping the allotted gem (CR 301.2, 611.2).
use crate::cards::CardKind;
use crate::effects::field::LazyField;
use crate::event::{Event, Events};
use crate::frames::WindowKind;
use crate::ids::{CardId, Position, Seat};
use crate::intent::Intent;
use crate::intents::{Kind, require_window};
use crate::rejection::Rejection;
use crate::state::{Card, MatchState, PlayerState};

/// CR 301.2: equip the allotted gem of this turn.
pub(crate) struct PlayGem {
    pub(crate) card: CardId,
    pub(crate) hero: Position,
}

/// The gem's place in the hand, found by the check.
pub(crate) struct Playable {
    index: usize,
    hero: Position,
}

/// CR 301.2: one allotted gem per turn, onto any hero (a main window candidate for `card` in hand).
#[inline]
pub(crate) fn candidates(p: &PlayerState, card: &Card, out: &mut Vec<Intent>) {
    if card.def.def().kind == CardKind::Gem && !p.allotted_gem_used {
        out.extend(Position::each(|hero| Intent::PlayGem { card: card.id, hero }))
    }
}

impl Kind for PlayGem {
    type Checked = Playable;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<Playable, Rejection> {
        require_window(state, seat, WindowKind::Main, "CR 202.1", "playing a gem")?;
        let p = state.player(seat);
        let (index, c) = crate::intents::card_in_hand(state, seat, self.card)?;
        if c.def.def().kind != CardKind::Gem {
            return Err(Rejection::new("not_a_gem", "CR 301.2", format!("{} is not a gem", c.def.name())));
        }
        if p.allotted_gem_used {
            return Err(Rejection::new(
                "allotted_gem_used",
                "CR 301.2",
                "you already played your allotted gem this turn",
            ));
        }
        Ok(Playable { index, hero: self.hero })
    }
    fn apply(Playable { index, hero }: Playable, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        let card = state.player_mut(seat).hand.remove(index);
        let gem = state.fresh(card.def);
        state.player_mut(seat).allotted_gem_used = true;
        state.hero_mut(seat, hero).gems.push(gem);
        ev.push(Event::GemEquipped { seat, hero, gem: gem.into(), allotted: true });
        // CR 611.1: the allotted gem is an equip like any other (Virus watches for it).
        crate::effects::triggers::raise(state, crate::effects::triggers::TriggerEvent::GemEquipped { seat, pos: hero });
    }
}
