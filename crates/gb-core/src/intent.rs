//! Intents: everything a seat can ask the engine to do, one closed enum. Each kind lives in its own module under
//! `intents/` with its legality check and its application.
use crate::ids::{CardId, Position, Seat};
use serde::{Deserialize, Serialize};

/// One declared attacker and the opponent's hero it attacks (CR 203.1, 616; Storm Weaver changes the target,
/// CR 204.4f).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AttackerDecl {
    pub hero: Position,
    pub target: Position,
    /// The defending player whose hero `target` is (MP-10): required in the free-for-all, and always `None` in
    /// the two-player game, where the one opponent defends (left out of the JSON, so two-player intents and
    /// events keep their bytes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub defender: Option<Seat>,
}

/// The attackers of one declaration, inline: at most three heroes can attack (CR 203.1d), and `legal_intents` lists
/// every combination, which as `Vec`s cost one allocation each (issue 14). Serialized as a plain array.
pub type Attackers = smallvec::SmallVec<[AttackerDecl; 3]>;

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Intent {
    /// CR 200.4: the chosen player decides to go first or second.
    ChooseTurnOrder { go_first: bool },
    /// CR 200.6: shuffle the hand back and draw 7 anew (once).
    Mulligan,
    /// CR 200.6: keep the opening hand.
    KeepHand,
    /// CR 301.2: equip the allotted gem of this turn.
    PlayGem { card: CardId, hero: Position },
    /// CR 302.3: play a blend onto an unblended hero.
    PlayBlend { card: CardId, hero: Position },
    /// CR 302.5: discard a hero's blend during your turn.
    Deblend { hero: Position },
    /// CR 303.3: put an action into the action meter, then apply it.
    PlayAction { card: CardId },
    /// CR 203: the one attack of the turn, all attackers at once.
    DeclareAttack {
        #[cfg_attr(feature = "ts", ts(as = "Vec<AttackerDecl>"))]
        attackers: Attackers,
    },
    /// CR 205.1: declare the end phase.
    EndTurn,
    /// Close a window without acting (CR 203.2, 203.3, 501.6).
    Pass,
    /// CR 204.4a: take the attack damage of the attacker being resolved.
    AcceptDamage,
    /// CR 610: discard the attacked hero's blend to prevent this attacker's damage.
    DeblendToBlock,
    /// CR 206.3, 621: swap one field hero for a bench hero between rounds.
    Substitute { hero: Position, bench: CardId },
    /// CR 206.3: substitute no one.
    KeepHeroes,
    /// CR 500.4: use a hero's activated effect ("once during your turn, you may …").
    UseEffect { hero: Position },
    /// Answer "yes" to an effect's question ("you may …").
    Accept,
    /// Answer "no", or find nothing in a search (CR 619).
    Decline,
    /// Choose a card an effect asks for (from your hand, your deck in a search, or your discard).
    ChooseCard { card: CardId },
    /// Choose a hero an effect asks for.
    ChooseHero { seat: crate::ids::Seat, hero: Position },
    /// Rotate clockwise or counterclockwise (CR 617).
    ChooseDirection { clockwise: bool },
    /// CR 501.4: which of your simultaneous effects resolves next.
    ChooseTrigger { trigger: u32 },
    /// CR 102.2: concede the game (never only a round, CR 206.1e).
    Concede,
    /// Take an equipped gem off a hero. Always refused: only card effects and substitution do that (CR 301.3).
    RemoveGem { hero: Position, gem: CardId },
    /// Move a hero to another position. Always refused: heroes move only by card effect (CR 612.1c).
    MoveHero { hero: Position, to: Position },
}

impl Intent {
    /// The stable snake_case name of the intent's kind, as on the wire.
    pub fn kind(&self) -> &'static str {
        match self {
            Intent::ChooseTurnOrder { .. } => "choose_turn_order",
            Intent::Mulligan => "mulligan",
            Intent::KeepHand => "keep_hand",
            Intent::PlayGem { .. } => "play_gem",
            Intent::PlayBlend { .. } => "play_blend",
            Intent::Deblend { .. } => "deblend",
            Intent::PlayAction { .. } => "play_action",
            Intent::DeclareAttack { .. } => "declare_attack",
            Intent::EndTurn => "end_turn",
            Intent::Pass => "pass",
            Intent::AcceptDamage => "accept_damage",
            Intent::DeblendToBlock => "deblend_to_block",
            Intent::Substitute { .. } => "substitute",
            Intent::KeepHeroes => "keep_heroes",
            Intent::UseEffect { .. } => "use_effect",
            Intent::Accept => "accept",
            Intent::Decline => "decline",
            Intent::ChooseCard { .. } => "choose_card",
            Intent::ChooseHero { .. } => "choose_hero",
            Intent::ChooseDirection { .. } => "choose_direction",
            Intent::ChooseTrigger { .. } => "choose_trigger",
            Intent::Concede => "concede",
            Intent::RemoveGem { .. } => "remove_gem",
            Intent::MoveHero { .. } => "move_hero",
        }
    }
}
