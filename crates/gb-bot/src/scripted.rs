//! A fixed script a new player might follow, as a sparring partner for the arena: "blend the biggest blend, equip
//! a gem, attack wherever ATK beats DEF, never spend anything on defence". It reads only the seat's view and legal
//! intents, like every bot, and looks nothing ahead. One such script beat Hard in a match tried in the browser, so
//! the search must beat it by a wide margin.
use crate::{Bot, SeatState};
use gb_core::ids::Position;
use gb_core::view::Decision;
use gb_core::{AskKind, AttackerDecl, Intent, MatchView, Seat};

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
        if let Some(answer) = additional_attack(ss.view(), ss.seat()) {
            return answer;
        }
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

/// CR 601.1a: asked whether a hero attacks its target again, the script answers as it declares attacks: again
/// while the hero's ATK beats the target's DEF, else it forgoes the rest of that hero's additional attacks.
fn additional_attack(view: &MatchView, seat: Seat) -> Option<Intent> {
    let Some(Decision::Ask(AskKind::AdditionalAttack { attacker, target })) =
        view.pending.as_ref().map(|p| &p.decision)
    else {
        return None;
    };
    let again = beats(view, seat, &[AttackerDecl { hero: *attacker, target: *target, defender: None }]);
    Some(if again { Intent::Accept } else { Intent::Decline })
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
    !attackers.is_empty() && beats(ss.view(), ss.seat(), attackers)
}

/// Each of `attackers` has ATK above its target's DEF (a face-down target counts as DEF 0).
fn beats(view: &MatchView, seat: Seat, attackers: &[AttackerDecl]) -> bool {
    let player = |s: Seat| view.players.iter().find(|p| p.seat == s);
    let stat = |heroes: &[gb_core::view::HeroView; 4], p: Position, atk: bool| {
        let h = &heroes[p as usize];
        if atk { h.atk } else { h.def }.unwrap_or(0)
    };
    let Some(me) = player(seat) else { return false };
    attackers.iter().all(|a| {
        // The named defender (MP-10), or the two-player game's one opponent.
        let defender = a.defender.or_else(|| view.players.iter().map(|p| p.seat).find(|s| *s != seat));
        defender
            .and_then(player)
            .is_some_and(|them| stat(&me.heroes, a.hero, true) > stat(&them.heroes, a.target, false))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use gb_core::scenario::{PositionSpec, build_position};
    use gb_core::view::PendingView;
    use gb_core::{Viewer, view_for};

    /// A's view of a written position, asked about Matthew's (right, ATK 2) additional attack on B's left hero.
    /// No shipped card grants additional attacks (only gb-core's test cards do), so the question is set on the
    /// view by hand; the stats it is answered from are the engine's.
    fn asked_again(b_left: &str) -> MatchView {
        let text = format!(
            r#"
active = "A"
[a.heroes]
left = {{ hero = "Claire" }}
center = {{ hero = "Tara" }}
right = {{ hero = "Matthew" }}
back = {{ hero = "Elaine" }}
[b.heroes]
left = {b_left}
center = {{ hero = "Devin" }}
right = {{ hero = "Carter" }}
back = {{ hero = "Elaine" }}
"#
        );
        let spec: PositionSpec = toml::from_str(&text).expect("a position");
        let (state, _) = build_position(&spec).expect("builds");
        let mut view = view_for(&state, Viewer::Seat(Seat::A));
        let ask = AskKind::AdditionalAttack { attacker: Position::Right, target: Position::Left };
        view.pending = Some(PendingView { seat: Seat::A, decision: Decision::Ask(ask) });
        view
    }

    #[test]
    fn attacks_again_where_atk_beats_def() {
        let view = asked_again(r#"{ hero = "Matthew" }"#);
        assert_eq!((view.players[0].heroes[2].atk, view.players[1].heroes[0].def), (Some(2), Some(0)));
        assert_eq!(additional_attack(&view, Seat::A), Some(Intent::Accept));
    }

    #[test]
    fn forgoes_the_additional_attack_where_it_would_bounce_off() {
        let view = asked_again(r#"{ hero = "Matthew", gems = ["Terragem", "Cryogem"], blend = "Guard" }"#);
        let (atk, def) = (view.players[0].heroes[2].atk, view.players[1].heroes[0].def);
        assert!(atk.is_some() && def >= atk, "ATK {atk:?} against DEF {def:?}");
        assert_eq!(additional_attack(&view, Seat::A), Some(Intent::Decline));
    }

    #[test]
    fn other_decisions_are_not_this_question() {
        let mut view = asked_again(r#"{ hero = "Matthew" }"#);
        view.pending = None;
        assert_eq!(additional_attack(&view, Seat::A), None);
    }
}
