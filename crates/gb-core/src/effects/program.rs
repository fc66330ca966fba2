//! The vocabulary card effects are written in (`program` in `data/cards.json`). A program says *when* an effect
//! works (activated, triggered, static, an action, a timed action), under what condition, with what usage limit,
//! and *what* it does as a list of steps. Each step kind is one small function in `ops/`. See
//! `docs/effects.md` for how to add a card.
use crate::cards::GemType;
use crate::ids::Position;
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Program {
    /// "Once during your turn, you may …": the controller uses it with an intent (CR 500.4).
    Activated {
        limit: Limit,
        #[serde(default)]
        requires: Option<Requirement>,
        /// Gem types a `gems_on_self` requirement needs.
        #[serde(default)]
        gems: Vec<GemType>,
        steps: Vec<Op>,
    },
    /// "Every time …", "When …", "After …", "At the end of …": resolves when its event happens (CR 501.3).
    Trigger {
        on: TriggerOn,
        #[serde(default)]
        when: Condition,
        #[serde(default)]
        limit: Option<Limit>,
        /// "you may": the controller is asked first.
        #[serde(default)]
        optional: bool,
        #[serde(default)]
        requires: Option<Requirement>,
        steps: Vec<Op>,
    },
    /// Always applies while present (CR 500.4a).
    Static {
        #[serde(default)]
        when: Condition,
        statics: Vec<Static>,
    },
    /// An action card's effect (CR 303.3).
    Action { steps: Vec<Op> },
    /// A timed action (CR 623): when it may be played, then its effect.
    TimedAction { when: TimedWhen, steps: Vec<Op> },
}

/// Usage limits, tracked per hero across blending, movement and substitution (CR 300.7, 500.3, 500.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    OncePerTurn,
    /// "Once during your first turn" (CR 500.4b).
    OncePerFirstTurn,
    /// "Once during an opponent's turn" (Electron, CR 500.5a).
    OncePerOpponentTurn,
    /// "Up to N times during your turn" (CR 300.7e).
    TimesPerTurn(u8),
}

impl Limit {
    pub fn times(self) -> u8 {
        match self {
            Limit::TimesPerTurn(n) => n,
            _ => 1,
        }
    }
}

/// What must be true for an activated effect to be usable at all (so it is listed only when it can do something).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Requirement {
    DeckNotEmpty,
    GemInHand,
    GemsOnSelf,
    NocturnagemBlendInDiscard,
    UnblendedHeroOnField,
    OpponentUsedFirstTurnEffects,
}

/// Conditions written as "while …" / "if …". `in_position: back` is the phrase "while in back position", which
/// Devin can remove (CR 500.8b).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    #[serde(default)]
    pub in_position: Option<Position>,
    #[serde(default)]
    pub on_frontline: bool,
    #[serde(default)]
    pub only_blended_hero: bool,
    /// "while attacking" (CR 203.1h, 204.3b).
    #[serde(default)]
    pub attacking: bool,
    #[serde(default)]
    pub opponent_played_action_since_your_last_turn: bool,
    #[serde(default)]
    pub opponent_hand_at_least: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerOn {
    /// Beatrice: before the blend becomes active (CR 501.5).
    ThisHeroBlended,
    OpponentPlaysBlend,
    OppositeHeroEquipped,
    YouRotate,
    ThisHeroSwitchedWithBlended,
    AfterThisHeroAttacks,
    /// CR 204.2: "when this hero is attacked" effects.
    ThisHeroAttacked,
    YouInflictNonAttackDamage,
    YouDiscardBasicGemFromHand,
    OpponentFirstTurnEnds,
    /// "Every time you play an action successfully": after its response window, before it resolves (CR 501.6a).
    YouPlayActionSuccessfully,
    /// "At the beginning of your turn": before the draw (CR 201.2b).
    YourTurnBegins,
    /// "At the end of your turn": in the active player's order (CR 205.1a).
    YourTurnEnds,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimedWhen {
    /// "when you or an opponent declares an attack" (CR 203.2, 203.3).
    AttackDeclared,
    /// "when you would receive attack damage from an opponent's hero" (CR 623.2c).
    ReceivingAttackDamage,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Static {
    BonusPerOtherHeroWithGem {
        atk: i8,
        gem: GemType,
    },
    /// Dread Blader: written stats are the highest written stats among your other heroes (CR 624).
    WrittenFromHighest(bool),
    /// Storm Weaver: center may attack left or right; left or right may attack center (CR 204.4f).
    ExtraTargets(bool),
    /// Magnet: up to `max` gems of `gem` on each of your other heroes count as any basic type (CR 625).
    FlexGems {
        gem: GemType,
        max: u8,
    },
    /// Gourmet Guider: each other hero has an invisible any-type gem per star in your meter (CR 614, 625).
    InvisibleGemsPerStar {
        max: u8,
    },
    /// Anchor: the opposite hero cannot "switch" by its controller's effects unless they take `cost` damage.
    Mooring {
        cost: u16,
    },
    /// "This hero may make `n` additional attacks" (CR 204.5, 601.1): after each of its attacks the attacker may
    /// attack the same target again, without declaring (CR 601.1a).
    AdditionalAttacks(u8),
    /// Devin: removes a position condition from the effect text of your other heroes (CR 500.8b).
    RemoveCondition {
        in_position: Position,
    },
    /// `{"bonus": {"atk": 2}, "when": {...}}`: an attack/defense bonus (CR 605).
    #[serde(untagged)]
    Bonus {
        bonus: StatDelta,
        #[serde(default)]
        when: Condition,
    },
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StatDelta {
    #[serde(default)]
    pub atk: i8,
    #[serde(default)]
    pub def: i8,
}

/// One step of an effect. Each kind is implemented in `ops/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
pub enum Op {
    RevealTopKeepIf {
        filter: CardFilter,
    },
    DiscardFromHand {
        filter: CardFilter,
    },
    /// "search your deck for up to `count` …" (default 1): one search, one shuffle (CR 619.2).
    SearchDeck {
        filter: CardFilter,
        #[serde(default = "one")]
        count: u8,
    },
    Draw {
        count: u8,
    },
    OpponentMayDraw {
        count: u8,
    },
    DamageSelf {
        amount: u16,
    },
    DamageSelfBlendLevel,
    DamageOpponent {
        amount: u16,
    },
    /// "take an additional turn after this one" (skipped if the round is decided first, CR 206.1g).
    AdditionalTurn,
    /// "gain N HP" (CR 613.4a).
    GainHp {
        amount: u16,
    },
    DeblendSelf,
    /// "return this blend to your hand" (CR 500.9d).
    ReturnBlendToHand,
    EquipFromHand,
    SwitchSelf,
    SwitchAny,
    Rotate,
    BonusSelf {
        atk: i8,
    },
    BonusSelfAndPartner {
        atk: i8,
    },
    DiscardGemsOnSelf {
        gems: [GemType; 2],
    },
    DiscardOpponentBlend,
    RemoveEffect {
        target: EffectTarget,
    },
    CopyEffect {
        from: CopySource,
    },
    InvertWritten,
    BlockAttackDamage,
    ReturnDiscardedGem,
    /// "attach the top card of your deck to this hero" (CR 406, 604.1): a hero effect only (CR 406.1b).
    AttachTopOfDeck,
    /// "attach a card from your hand to this hero" (CR 406, 604.1): a hero effect only (CR 406.1b).
    AttachFromHand,
    /// "gain 1 HP for each card on your field": heroes, gems and blends; not attached cards (CR 406.1) nor the
    /// action meter (CR 401.1a).
    GainHpPerFieldCard,
    /// "this hero's LV rises (or falls) by `amount` for the remainder of the turn" (CR 302.7).
    ChangeLevel {
        amount: i8,
    },
    /// "arrange your heroes": each of them may move to any position (CR 603.1).
    Arrange,
    /// "substitute one of your other heroes with a hero from your bench" (CR 621, 405.4).
    SubstituteOther,
}

impl Op {
    /// Steps that act on "this hero" and so can only be written on a hero's effect (CR 406.1b: cards are attached
    /// only by hero effects).
    pub fn needs_hero(self) -> bool {
        matches!(self, Op::AttachTopOfDeck | Op::AttachFromHand)
    }
}

impl Program {
    /// The steps the program runs (a static runs none).
    pub(crate) fn steps(&self) -> &[Op] {
        match self {
            Program::Activated { steps, .. }
            | Program::Trigger { steps, .. }
            | Program::Action { steps }
            | Program::TimedAction { steps, .. } => steps,
            Program::Static { .. } => &[],
        }
    }

    /// Why this program cannot be the effect of a card of `kind`, if it cannot (checked for every catalogue card by
    /// `cards::tests`): hero effects are the effects of heroes and of the blends on them.
    pub fn invalid_for(&self, kind: crate::cards::CardKind) -> Option<String> {
        use crate::cards::CardKind;
        if matches!(kind, CardKind::Hero | CardKind::Blend) {
            return None;
        }
        let op = self.steps().iter().find(|op| op.needs_hero())?;
        Some(format!("CR 406.1b: only hero effects attach cards, and {op:?} is on a {kind:?}"))
    }
}

fn one() -> u8 {
    1
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardFilter {
    Gem,
    BasicGem,
    ZeroStarAction,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectTarget {
    OpponentBack,
    OpponentFrontline,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CopySource {
    NocturnagemBlendInDiscard,
    UnblendedHeroOnField,
}

impl CardFilter {
    pub fn matches(self, def: &crate::cards::CardDef) -> bool {
        use crate::cards::CardKind;
        match self {
            CardFilter::Gem => def.kind == CardKind::Gem,
            CardFilter::BasicGem => def.kind == CardKind::Gem && def.subtype.as_deref() == Some("basic gem"),
            CardFilter::ZeroStarAction => def.kind == CardKind::Action && def.stars == 0,
        }
    }
}
