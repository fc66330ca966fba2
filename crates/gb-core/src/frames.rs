//! The frame stack: every piece of unfinished work is data in `MatchState` (see
//! `docs/design/pausing-for-choices.md`). Input frames (`Ask`, `Window`) wait for one seat; work frames step
//! until they push an input frame or finish. Between calls the top frame is always an input frame, so exactly one
//! seat owes the next decision, or the game is over.
use crate::event::Events;
use crate::ids::{Position, Seat};
use crate::intents;
use crate::state::{Card, EliminationReason, EndReason, MatchState};
use crate::table::Format;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Frame {
    /// Input: a question asked during resolution.
    Ask { seat: Seat, kind: AskKind },
    /// Input: a window in which a seat may act, or pass.
    Window { seat: Seat, kind: WindowKind },
    /// Work: beginning the game (CR 200).
    Setup(SetupStage),
    /// Work: an attack being resolved (CR 203–204).
    Attack(AttackFrame),
    /// Work: an action waiting for its response window, then resolving (CR 303.3, 501.6).
    Action(ActionFrame),
    /// Work: the end phase and, when a round was decided, the start of the next round (CR 205, 206.3).
    EndPhase(EndStage),
    /// Work: an effect resolving step by step.
    Effect(crate::effects::resolve::EffectFrame),
    /// Work: simultaneous triggers waiting their turn (CR 501.4).
    Triggers(crate::effects::triggers::TriggerBatch),
    /// Work: a played blend becomes active once "when blended" effects resolved (CR 501.5).
    AttachBlend { seat: Seat, hero: Position, card: Card },
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AskKind {
    /// CR 200.4.
    TurnOrder,
    /// CR 200.6.
    Mulligan,
    /// CR 204.4: the defender accepts or deblends-to-block, one attacker at a time.
    AttackDamage { attacker: Position, target: Position, damage: u16 },
    /// CR 206.3: substitute one hero, or keep them all.
    Substitute,
    /// A question of a card's effect (`card` names the card).
    Effect { prompt: crate::effects::resolve::Prompt, card: &'static str },
    /// CR 601.1a: after an attack resolved, the attacker makes `attacker`'s additional attack on `target` again
    /// (`accept`) or forgoes the rest of its additional attacks (`decline`). Last, so the derived `Hash` of the
    /// older variants keeps its discriminants (stored records' state hashes).
    AdditionalAttack { attacker: Position, target: Position },
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WindowKind {
    /// The play phase (CR 202).
    Main,
    /// CR 203.2: the attacker's "when you declare an attack" window.
    AttackerDeclared,
    /// CR 203.3: the defender's "when an opponent declares an attack" window.
    DefenderDeclared,
    /// CR 501.6: the opponent may answer an action with timed actions.
    ActionResponse,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SetupStage {
    ChooseOrder,
    Deal,
    /// 0: the first player's mulligan decision, 1: the second player's (CR 200.6, in turn order).
    Mulligan(u8),
    Reveal,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AttackFrame {
    pub seat: Seat,
    /// Inline (at most three attackers, CR 203.1d); hashes as the `Vec` it was (a slice either way).
    pub attackers: smallvec::SmallVec<[AttackerState; 3]>,
    pub stage: AttackStage,
    /// The defender's heroes that deblended-to-block one of this attack's attacks, one bit per position: one
    /// block for all of a hero's attacks (CR 204.5b, 601.2).
    pub blocked: u8,
    /// The defending players whose "when an opponent declares an attack" window has opened, one bit per seat
    /// index (MP-13): they open one by one in turn order from the attacker's left.
    pub windows: u8,
}

impl AttackFrame {
    /// Whether the attack has free-for-all defenders (MP-10); a two-player attack has none (the one opponent).
    fn free_for_all(&self) -> bool {
        self.attackers.iter().any(|a| a.defender.is_some())
    }
}

/// Written out so that `blocked` hashes only once an additional attack is asked about or made: before that nothing
/// reads it, and an attack without additional attacks hashes as it did before they existed (stored records'
/// state hashes, `tests/old_records.rs`). `windows` likewise only in the free-for-all (MP-13): a two-player
/// attack hashes as it did before it existed.
impl std::hash::Hash for AttackFrame {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let AttackFrame { seat, attackers, stage, blocked, windows } = self;
        seat.hash(h);
        attackers.hash(h);
        stage.hash(h);
        if matches!(stage, AttackStage::Additional(_)) || attackers.iter().any(|a| a.made > 0 || a.again) {
            blocked.hash(h);
        }
        if self.free_for_all() {
            windows.hash(h);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttackerState {
    pub hero: Position,
    pub target: Position,
    /// Calculated once for every attacker before any deblend-to-block (RULINGS.md on 204.4f), and again for every
    /// additional attack (CR 204.5a).
    pub damage: u16,
    /// Takes no part in the attack being resolved: it had 0 ATK (CR 204.1), or it makes no additional attack now.
    pub dropped: bool,
    /// Additional attacks it has begun (CR 601.1).
    pub made: u8,
    /// Its attacker chose to make its next additional attack (CR 601.1a), once every attacker has been asked.
    pub again: bool,
    /// The defending player whose hero `target` is, as declared (MP-10); `None` in the two-player game, where it
    /// is the one opponent: read it through [`AttackerState::defender`].
    pub defender: Option<Seat>,
}

impl AttackerState {
    pub(crate) fn declared(decl: &crate::intent::AttackerDecl) -> AttackerState {
        let (hero, target, defender) = (decl.hero, decl.target, decl.defender);
        AttackerState { hero, target, damage: 0, dropped: false, made: 0, again: false, defender }
    }

    /// The seat whose hero this attacker attacks (MP-10), `attacker` being the attacking seat.
    #[inline]
    pub(crate) fn defender(&self, table: &crate::table::Table, attacker: Seat) -> Seat {
        match self.defender {
            Some(seat) => seat,
            None => table.standard_opponent(attacker),
        }
    }
}

/// Written out so that an attacker with no additional attack hashes as it did before they existed (stored
/// records' state hashes, `tests/old_records.rs`), and a two-player one (no `defender`) as before MP-10's.
impl std::hash::Hash for AttackerState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let AttackerState { hero, target, damage, dropped, made, again, defender } = self;
        hero.hash(h);
        target.hash(h);
        damage.hash(h);
        dropped.hash(h);
        if *made > 0 || *again {
            made.hash(h);
            again.hash(h);
        }
        if let Some(seat) = defender {
            seat.hash(h);
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum AttackStage {
    AttackerWindow,
    /// The defending players' windows, one at a time (MP-13); `AttackFrame::windows` says which have opened.
    DefenderWindow,
    WhenAttacked,
    Calculate,
    /// Asking the attacker's defender about the attacker at this index next (MP-13: grouped by defender).
    Damage(u8),
    /// Asking the attacker whether the attacker at this index (or the next one with an additional attack left)
    /// attacks again (CR 204.5, 601.1a). Last, so the older variants keep their discriminants.
    Additional(u8),
}

impl AttackStage {
    /// Whether a step at this stage leaves every seat's field as it was (`FieldCache`): it opens windows, queues
    /// "when attacked" triggers (they resolve in steps of their own, CR 501.3), drops attackers with no ATK
    /// (CR 204.1) or works out damage (CR 204.3) in the attack's own frame, and asks for it, but changes no hero,
    /// alteration, meter or hand. So the attacker's field worked out when its heroes are attacked serves the
    /// damage calculation too (a `Field::of` per attack, 2 % of an intent; issue 14). An additional attack's
    /// step may resolve more, so it is not one of them. Debug builds check every kept field against a fresh one
    /// (`FieldCache`), and the random-match property tests run them.
    pub(crate) fn leaves_fields(self) -> bool {
        !matches!(self, AttackStage::Additional(_))
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ActionFrame {
    pub seat: Seat,
    pub card: Card,
    pub prevented: bool,
    /// The rank (`Table::rank` from `seat`) of the last opponent given its response window, 0 before any (MP-16).
    /// A `u8` that hashes as the `bool` it was in the two-player game: 0, then 1 for the one opponent.
    pub responded: u8,
    pub resolved: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum EndStage {
    EndOfTurn,
    RoundEnd,
    /// 0: the round winner's substitution, 1: the loser's (CR 206.3 step 3).
    Substitute(u8),
    NextTurn,
    /// The next turn's draw, once its "at the beginning of your turn" effects resolved (CR 201.2b). Last, so the
    /// derived `Hash` of the older variants keeps its discriminants (stored records' state hashes).
    Draw,
}

impl Frame {
    pub(crate) fn owed_by(&self) -> Option<Seat> {
        match self {
            Frame::Ask { seat, .. } | Frame::Window { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// Whether this is `seat`'s own unfinished work: its question or window, its effect, action, attack or blend
    /// waiting to become active (what an elimination drops, MP-25).
    pub(crate) fn belongs_to(&self, seat: Seat) -> bool {
        match self {
            Frame::Ask { seat: s, .. } | Frame::Window { seat: s, .. } | Frame::AttachBlend { seat: s, .. } => {
                *s == seat
            }
            Frame::Attack(a) => a.seat == seat,
            Frame::Action(a) => a.seat == seat,
            Frame::Effect(e) => e.controller == seat,
            Frame::Setup(_) | Frame::EndPhase(_) | Frame::Triggers(_) => false,
        }
    }
}

/// Far more steps than any legal sequence needs; a runaway loop ends the game instead of hanging it.
const STEP_BUDGET: u32 = 100_000;

/// Runs work frames until an input frame is on top or the game is over.
pub(crate) fn drive(state: &mut MatchState, ev: &mut Events) {
    drive_from(state, ev, false);
}

/// [`drive`], told whether the state-based checks already hold (`settled`): a state at rest has had them made
/// before it stopped for its input, and an intent that changes no hero (a pass, an attack's declaration) leaves
/// them holding. Such intents are four in ten; their first check was an eighth of `drive` (issue 14).
pub(crate) fn drive_from(state: &mut MatchState, ev: &mut Events, settled: bool) {
    let mut steps = 0;
    // Whether the last step (or the intent) changed no hero, so the state-based checks made before it still hold.
    let mut settled = settled;
    while !state.is_over() {
        steps += 1;
        if steps > STEP_BUDGET {
            let loser = state.turn.active;
            if state.table.format() == Format::FreeForAll {
                // MP-23, MP-26: the free-for-all eliminates the active player, whose turn ends, and drives on.
                state.eliminate(loser, EliminationReason::StepBudget, ev);
                steps = 0;
                settled = false;
                continue;
            }
            let winner = state.table.standard_opponent(loser);
            state.finish(winner, EndReason::StepBudget, ev);
            return;
        }
        // CR 302.6: a blend whose gem requirement is no longer met is discarded before anything else resolves;
        // CR 406.2: so are the attached cards of a hero without the effect that attached them. Not again after a
        // step that changed no hero (`AttackStage::leaves_fields`): what held before it holds after it.
        if !settled {
            intents::blend::check_state(state, ev);
            crate::effects::check_attachments(state, ev);
        }
        debug_assert!(
            !settled || (intents::blend::all_met(state) && crate::effects::attachments_held(state)),
            "a state-based check was skipped after a step that changed a hero"
        );
        // CR 501.3: triggered effects resolve at once, before the interrupted work goes on.
        if !state.triggers.is_empty() {
            let pending = std::mem::take(&mut state.triggers);
            let batch = crate::effects::triggers::TriggerBatch::new(state, pending);
            state.frames.push(Frame::Triggers(batch));
            continue;
        }
        let Some(top) = state.frames.last() else {
            return;
        };
        match top {
            // CR 206.1: once a round is decided the active player goes straight to the end phase.
            Frame::Window { kind: WindowKind::Main, .. } if state.turn.round_loser.is_some() => {
                state.frames.pop();
                state.frames.push(Frame::EndPhase(EndStage::EndOfTurn));
            }
            Frame::Ask { .. } | Frame::Window { .. } => return,
            _ => {
                let frame = state.frames.pop().expect("top exists");
                let fields_stay = matches!(&frame, Frame::Attack(a) if a.stage.leaves_fields());
                match frame {
                    Frame::Setup(stage) => intents::setup::step(state, stage, ev),
                    Frame::Attack(attack) => intents::attack::step(state, attack, ev),
                    Frame::Action(action) => intents::action::step(state, action, ev),
                    Frame::EndPhase(stage) => intents::turn::step(state, stage, ev),
                    Frame::Effect(effect) => crate::effects::resolve::step(state, effect, ev),
                    Frame::Triggers(batch) => crate::intents::effect::step_triggers(state, batch),
                    Frame::AttachBlend { seat, hero, card } => intents::blend::attach(state, seat, hero, card, ev),
                    Frame::Ask { .. } | Frame::Window { .. } => {
                        unreachable!("input frames are matched above")
                    }
                }
                // What the step wrote may change any hero's effect: the next step works the fields out again.
                if !fields_stay {
                    state.fields.clear();
                }
                settled = fields_stay;
            }
        }
    }
}
