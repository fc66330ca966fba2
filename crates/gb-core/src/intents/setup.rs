//! Beginning the game (CR 200): turn order, shuffles, opening hands, mulligans, heroes flipped face up.
use crate::effects::field::LazyField;
use crate::event::{CardView, Event, Events};
use crate::frames::{AskKind, Frame, SetupStage};
use crate::ids::Seat;
use crate::intent::Intent;
use crate::intents::{Kind, current_ask, not_asked};
use crate::rejection::Rejection;
use crate::state::MatchState;

/// CR 200.4: the chosen player decides to go first or second.
pub(crate) struct TurnOrder {
    pub(crate) go_first: bool,
}

/// The turn order question is asked of the seat.
pub(crate) struct OrderAsked {
    go_first: bool,
}

/// Either answer to the question asked.
pub(crate) fn turn_order_candidates(out: &mut Vec<Intent>) {
    out.extend([true, false].map(|go_first| Intent::ChooseTurnOrder { go_first }));
}

impl Kind for TurnOrder {
    type Checked = OrderAsked;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<OrderAsked, Rejection> {
        match current_ask(state, seat) {
            Some(AskKind::TurnOrder) => Ok(OrderAsked { go_first: self.go_first }),
            _ => Err(not_asked("CR 200.4", "choosing turn order")),
        }
    }
    fn apply(OrderAsked { go_first }: OrderAsked, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.frames.pop();
        // MP-4: "second" hands the first turn to the chooser's right opponent (the other seat in two-player).
        let first = if go_first { seat } else { state.table.right_of(seat) };
        state.turn.first_player = first;
        state.turn.active = first;
        ev.push(Event::TurnOrderChosen { chooser: seat, first });
    }
}

/// CR 200.6: shuffle the hand back and draw 7 anew (once), or keep the opening hand.
pub(crate) struct Mulligan {
    pub(crate) mulligan: bool,
}

/// The mulligan question is asked of the seat.
pub(crate) struct MulliganAsked {
    mulligan: bool,
}

/// Either answer to the question asked.
pub(crate) fn mulligan_candidates(out: &mut Vec<Intent>) {
    out.extend([Intent::Mulligan, Intent::KeepHand]);
}

impl Kind for Mulligan {
    type Checked = MulliganAsked;
    fn check(self, state: &MatchState, seat: Seat, _: &LazyField) -> Result<MulliganAsked, Rejection> {
        match current_ask(state, seat) {
            Some(AskKind::Mulligan) => Ok(MulliganAsked { mulligan: self.mulligan }),
            // CR 200.6a: one mulligan each, asked once, in turn order.
            _ => Err(not_asked("CR 200.6", "the mulligan decision")),
        }
    }
    fn apply(MulliganAsked { mulligan }: MulliganAsked, state: &mut MatchState, seat: Seat, ev: &mut Events) {
        state.frames.pop();
        ev.push(Event::Mulligan { seat, mulligan });
        if mulligan {
            let stacked = state.stacked;
            let p = state.player_mut(seat);
            p.mulliganed = true;
            let hand = std::mem::take(&mut p.hand);
            if stacked {
                // A stacked deck keeps its order: the old hand goes under it, in the order it was dealt, and the
                // next 7 are dealt.
                p.deck.splice(0..0, hand.into_iter().rev());
            } else {
                p.deck.extend(hand);
            }
            shuffle_deck(state, seat);
            deal(state, seat, ev);
        }
    }
}

/// Shuffling re-issues every handle in the deck, so nothing seen before can be followed in (CR 403.2).
pub(crate) fn shuffle_deck(state: &mut MatchState, seat: Seat) {
    let mut deck = std::mem::take(&mut state.player_mut(seat).deck);
    if !state.stacked {
        state.rng.shuffle(&mut deck);
    }
    for card in deck.iter_mut() {
        *card = state.fresh(card.def);
    }
    state.player_mut(seat).deck = deck;
}

fn deal(state: &mut MatchState, seat: Seat, ev: &mut Events) {
    let mut cards = Vec::with_capacity(7);
    for _ in 0..7 {
        let Some(card) = state.player_mut(seat).deck.pop() else {
            break;
        };
        let card = state.fresh(card.def);
        state.player_mut(seat).hand.push(card);
        cards.push(CardView::from(card));
    }
    ev.push(Event::HandDealt { seat, count: cards.len() as u8, cards: Some(cards) });
}

pub(crate) fn step(state: &mut MatchState, stage: SetupStage, ev: &mut Events) {
    match stage {
        SetupStage::ChooseOrder => {
            state.frames.push(Frame::Setup(SetupStage::Deal));
            state.frames.push(Frame::Ask { seat: state.chooser, kind: AskKind::TurnOrder });
        }
        SetupStage::Deal => {
            // CR 200.5, MP-5: after turn order, each player shuffles and draws 7, in turn order from the first.
            let first = state.turn.first_player;
            for seat in state.table.from(first) {
                shuffle_deck(state, seat);
                deal(state, seat, ev);
            }
            state.frames.push(Frame::Setup(SetupStage::Mulligan(0)));
        }
        SetupStage::Mulligan(i) => {
            let first = state.turn.first_player;
            // CR 200.6, MP-5: one question per seat, in turn order from the first player; the heroes stay face
            // down until the last seat has answered.
            let mut order = state.table.from(first);
            let seat = order.nth(i as usize).expect("a mulligan stage is below the seat count");
            let next = if order.next().is_some() { SetupStage::Mulligan(i + 1) } else { SetupStage::Reveal };
            state.frames.push(Frame::Setup(next));
            state.frames.push(Frame::Ask { seat, kind: AskKind::Mulligan });
        }
        SetupStage::Reveal => {
            // CR 200.7, MP-5: all heroes of every seat flip face up, then the first turn begins. A flipped hero
            // gets a fresh handle, like every card leaving a hidden place.
            for seat in state.table.seats() {
                for pos in crate::ids::Position::ALL {
                    let def = state.hero(seat, pos).card.def;
                    let card = state.fresh(def);
                    let h = state.hero_mut(seat, pos);
                    h.card = card;
                    h.face_down = false;
                }
            }
            let heroes =
                state.table.seats().map(|s| state.player(s).field.each_ref().map(|h| CardView::from(h.card))).collect();
            ev.push(Event::HeroesRevealed { heroes });
            crate::intents::turn::begin_turn(state, state.turn.first_player, ev);
        }
    }
}
