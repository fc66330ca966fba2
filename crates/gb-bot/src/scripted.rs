//! A fixed script a new player might follow, as a sparring partner for the arena: "blend the biggest blend, equip
//! a gem, attack wherever ATK beats DEF, never spend anything on defence". It reads only the seat's view and legal
//! intents, like every bot, and looks nothing ahead. One such script beat Hard in a match tried in the browser, so
//! the search must beat it by a wide margin.
use crate::{Bot, SeatState};
use gb_core::ids::Position;
use gb_core::{AttackerDecl, Intent, MatchView};

#[derive(Default)]
pub struct ScriptedBot;

impl ScriptedBot {
    pub fn new() -> Self {
        ScriptedBot
    }
}

impl Bot for ScriptedBot {
    fn choose(&mut self, ss: &SeatState) -> Intent {
        let legal: Vec<&Intent> = ss.legal().iter().filter(|i| **i != Intent::Concede).collect();
        let Some(first) = legal.first() else { return Intent::Concede };
        let biggest_blend = legal
            .iter()
            .filter_map(|i| match i {
                Intent::PlayBlend { card, .. } => Some((written_atk(ss.view(), *card), *i)),
                _ => None,
            })
            .max_by_key(|(atk, _)| *atk)
            .map(|(_, i)| i);
        let gem = legal.iter().find(|i| matches!(i, Intent::PlayGem { .. })).copied();
        let attack = legal
            .iter()
            .filter_map(|i| match i {
                Intent::DeclareAttack { attackers } if beats_everywhere(ss, attackers) => Some((attackers.len(), *i)),
                _ => None,
            })
            .max_by_key(|(n, _)| *n)
            .map(|(_, i)| i);
        // Take what costs nothing (keep the hand, go first, accept damage, pass a window) before anything else.
        let plain = [Intent::ChooseTurnOrder { go_first: true }, Intent::KeepHand, Intent::AcceptDamage, Intent::Pass];
        let plain = plain.iter().find(|p| legal.contains(p));
        let end = legal.iter().find(|i| **i == &Intent::EndTurn).copied();
        biggest_blend.or(gem).or(attack).or(plain).or(end).unwrap_or(*first).clone()
    }
}

/// The printed ATK of the card `card` in the seat's own hand (blends are played from hand).
fn written_atk(view: &MatchView, card: gb_core::CardId) -> u8 {
    view.players
        .iter()
        .filter_map(|p| p.hand.as_ref())
        .flatten()
        .find(|c| c.id == card)
        .map_or(0, |c| c.card.0.def().atk)
}

/// Every declared attacker's current ATK is above its target's current DEF.
fn beats_everywhere(ss: &SeatState, attackers: &[AttackerDecl]) -> bool {
    let view = ss.view();
    let me = &view.players[ss.seat() as usize];
    let them = &view.players[1 - ss.seat() as usize];
    let stat = |heroes: &[gb_core::view::HeroView; 4], p: Position, atk: bool| {
        let h = &heroes[p as usize];
        if atk { h.atk } else { h.def }.unwrap_or(0)
    };
    !attackers.is_empty()
        && attackers.iter().all(|a| stat(&me.heroes, a.hero, true) > stat(&them.heroes, a.target, false))
}
