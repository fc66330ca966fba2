//! `MatchState`: the whole truth of one match, hidden zones included. It has no `Serialize` on purpose: only
//! views (see `view.rs`) ever leave the engine.
mod elimination;
mod zones;

pub use elimination::{Elimination, EliminationReason};
pub(crate) use zones::{Card, Hero, PlayerState};

use crate::cards::CardDefId;
use crate::event::{Event, Events};
use crate::frames::Frame;
use crate::ids::{CardId, Position, Seat};
use crate::rng::MatchRng;
use crate::table::{Format, Table};

/// How a match ended (CR 206.2, 102.2).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GameOutcome {
    pub winner: Seat,
    pub reason: EndReason,
}

/// One decided round: who won it, and each player's HP (seat A's, then B's) at the moment it was decided — the
/// loser's is 0 (CR 206.1, 206.1f).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct RoundResult {
    pub round: u8,
    pub winner: Seat,
    pub hp: [u16; 2],
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Won two rounds (CR 206.2).
    TwoRounds,
    /// The other player conceded (CR 102.2).
    Concession,
    /// The engine's step budget ran out: a loop that never ends is decided against the seat that owed it.
    StepBudget,
    /// The free-for-all's last opponent went to 0 HP (MP-30). Last, so the older variants keep their discriminants
    /// (stored records' state hashes).
    LastStanding,
}

/// Where the turn stands (CR 200.8a).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Before the first turn: turn order, opening hands, mulligans (CR 200).
    Setup,
    Draw,
    Play,
    End,
    /// Between rounds: substitutions (CR 206.3).
    RoundEnd,
    GameOver,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnState {
    pub active: Seat,
    pub first_player: Seat,
    /// Counts turns of the whole game, from 1.
    pub number: u32,
    pub phase: Phase,
    /// No "first turn" exists once a round has ended (CR 206.3a).
    pub first_turns_over: bool,
    /// Round number, from 1 (CR 206).
    pub round: u8,
    /// Set when a player's HP reached 0 this turn; the round is decided and no one else can lose it (CR 206.1c).
    pub round_loser: Option<Seat>,
    /// Additional turns each seat is owed, by seat index, taken after its current (or next) turn; skipped once a
    /// round is decided (CR 206.1g).
    pub additional_turns: [u8; 6],
}

/// By hand rather than derived: `additional_turns` joins the hash only when some turn is owed, so every state that
/// could exist before additional turns hashes as it did, and match records written then still verify
/// (`tests/old_records.rs`); and only seats A and B of it unless a later seat is owed one, so a two-player state
/// hashes as when it was `[u8; 2]` (an array hashes as its slice).
impl std::hash::Hash for TurnState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let TurnState { active, first_player, number, phase, first_turns_over, round, round_loser, additional_turns } =
            self;
        active.hash(h);
        first_player.hash(h);
        number.hash(h);
        phase.hash(h);
        first_turns_over.hash(h);
        round.hash(h);
        round_loser.hash(h);
        let seats = if additional_turns[2..] == [0; 4] { 2 } else { 6 };
        if additional_turns.iter().any(|&t| t != 0) {
            additional_turns[..seats].hash(h);
        }
    }
}

/// Every seat's player, `A` to `F` in place: `player(seat)` is one indexing with no test at all, exactly what it was
/// when `players` was `[PlayerState; 2]` (issue 16: a branch or an inline-or-heap test there made every two-player
/// intent 7-12 % dearer, BENCHMARKS.md). The seats past `seated` hold an empty player (`PlayerState::absent`) that
/// no relation of the table ever names and that neither the hash nor `iter` reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Players {
    all: [PlayerState; 6],
    /// How many seats the match has (the table's seat count).
    seated: u8,
}

impl Players {
    /// The players of the table's seats, `A` onward; the seats past them hold `PlayerState::absent()`.
    fn seated(table: Table, players: impl IntoIterator<Item = PlayerState>) -> Players {
        let mut all: [PlayerState; 6] = std::array::from_fn(|_| PlayerState::absent());
        let mut seated = 0;
        for (slot, p) in all.iter_mut().zip(players) {
            *slot = p;
            seated += 1;
        }
        assert_eq!(seated, table.seat_count(), "one player per seat of the table");
        Players { all, seated: seated as u8 }
    }
    /// The seated players, in letter order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &PlayerState> {
        self.all[..self.seated as usize].iter()
    }
}

/// Only the seated players, as a slice: for two seats exactly the bytes `[PlayerState; 2]` wrote (an array hashes
/// as its slice), so two-player hashes and stored match records are unchanged (`tests/old_records.rs`).
impl std::hash::Hash for Players {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.all[..self.seated as usize].hash(h);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchState {
    pub(crate) players: Players,
    /// The seats and who sits to whose left (`table.rs`); hashes nothing in the two-player game.
    pub(crate) table: Table,
    pub(crate) turn: TurnState,
    /// All unfinished work; the top frame is always owed by exactly one seat between calls (see `frames.rs`).
    pub(crate) frames: Vec<Frame>,
    pub(crate) rng: MatchRng,
    pub(crate) next_card_id: u32,
    /// The seat the seeded draw chose to pick turn order (CR 200.4).
    pub(crate) chooser: Seat,
    pub(crate) outcome: Option<GameOutcome>,
    /// Intents accepted so far.
    pub(crate) applied: u32,
    /// Durational alterations on heroes (CR 500.6, 500.9).
    pub(crate) alterations: Vec<crate::effects::Alteration>,
    /// Effect uses this turn, by hero and effect (CR 300.7).
    pub(crate) effect_uses: Vec<(crate::effects::HeroKey, CardDefId, u8)>,
    /// Triggers raised and not yet put in a `Triggers` frame (CR 501.3–501.4).
    pub(crate) triggers: Vec<crate::effects::triggers::PendingTrigger>,
    pub(crate) next_trigger_id: u32,
    /// Every round decided so far, in order (CR 206).
    pub(crate) rounds: Vec<RoundResult>,
    /// Scenarios only (never set by `new_match`): decks are never shuffled, so a worked example can name the
    /// cards dealt and drawn; a mulligan puts the hand under the deck instead (see `docs/scenarios.md`).
    pub(crate) stacked: bool,
    /// Each seat's heroes' effects, worked out once between writes (issue 14): derived, never compared, hashed or
    /// cloned (`effects::field::FieldCache`). Last, so the derived `Hash` writes what it wrote before.
    pub(crate) fields: crate::effects::field::FieldCache,
}

impl MatchState {
    /// A state with nothing pending yet; the caller pushes the first frame. `players` are the table's, `A` onward.
    pub(crate) fn new(
        table: Table,
        players: impl IntoIterator<Item = PlayerState>,
        turn: TurnState,
        rng: MatchRng,
        next_card_id: u32,
        chooser: Seat,
    ) -> Self {
        MatchState {
            players: Players::seated(table, players),
            table,
            turn,
            frames: Vec::new(),
            rng,
            next_card_id,
            chooser,
            outcome: None,
            applied: 0,
            alterations: Vec::new(),
            effect_uses: Vec::new(),
            triggers: Vec::new(),
            next_trigger_id: 0,
            rounds: Vec::new(),
            stacked: false,
            fields: crate::effects::field::FieldCache::new(table.seat_count()),
        }
    }

    /// A seat not at the table has `PlayerState::absent()`: four placeholder heroes and empty zones (see `Players`).
    #[inline]
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players.all[seat.index()]
    }
    #[inline]
    pub(crate) fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players.all[seat.index()]
    }
    /// The seats of this match and their relations.
    #[inline]
    pub fn table(&self) -> Table {
        self.table
    }
    pub fn turn(&self) -> &TurnState {
        &self.turn
    }
    pub fn outcome(&self) -> Option<GameOutcome> {
        self.outcome
    }
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    /// The match's version: how many intents it has accepted. The one counter a server numbers frames with
    /// (views do not repeat it: it is every frame's `v`).
    pub fn version(&self) -> u32 {
        self.applied
    }
    #[inline]
    pub fn hero(&self, seat: Seat, pos: Position) -> &Hero {
        &self.player(seat).field[pos.index()]
    }
    /// Every seated player's heroes, eliminated players' too (a superset of the living seats' heroes): the
    /// state-based checks look over them once before working anything out (issue 14).
    pub(crate) fn seated_heroes(&self) -> impl Iterator<Item = &Hero> {
        self.players.iter().flat_map(|p| &p.field)
    }
    #[inline]
    pub(crate) fn hero_mut(&mut self, seat: Seat, pos: Position) -> &mut Hero {
        &mut self.player_mut(seat).field[pos.index()]
    }

    /// A fresh handle for a card that is changing zone (see `CardId`).
    pub(crate) fn fresh(&mut self, def: CardDefId) -> Card {
        self.next_card_id += 1;
        Card { id: CardId(self.next_card_id), def }
    }

    /// Whether it is `seat`'s first turn, for first-turn limits (CR 200.9, 206.3a).
    pub fn is_first_turn(&self, seat: Seat) -> bool {
        !self.turn.first_turns_over && self.player(seat).turns_started <= 1 && self.turn.active == seat
    }

    /// Draws `n` cards; an empty deck deals 15 non-attack damage per missing card instead (CR 201.3, 618).
    pub(crate) fn draw(&mut self, seat: Seat, n: usize, ev: &mut Events) {
        for _ in 0..n {
            match self.player_mut(seat).deck.pop() {
                Some(card) => {
                    let card = self.fresh(card.def);
                    self.player_mut(seat).hand.push(card);
                    ev.push(Event::CardDrawn { seat, card: Some(card.into()) });
                }
                None => {
                    ev.push(Event::DeckedOut { seat });
                    self.damage(seat, 15, false, ev);
                }
            }
        }
    }

    /// Non-attack damage inflicted by `by` (CR 615): it may set off "when you inflict non-attack damage" triggers.
    pub(crate) fn effect_damage(&mut self, by: Option<Seat>, seat: Seat, amount: u16, ev: &mut Events) {
        self.damage(seat, amount, false, ev);
        if let Some(by) = by
            && by != seat
            && amount > 0
        {
            crate::effects::triggers::raise(
                self,
                crate::effects::triggers::TriggerEvent::NonAttackDamage { by, to: seat },
            );
        }
    }

    /// Reduces a player's HP, never below 0 (CR 206.1f, 613.5); reaching 0 loses the round at once (CR 206.1),
    /// unless the round is already decided (CR 206.1c). In the free-for-all: meter thresholds, then elimination at
    /// 0 (MP-20, MP-23; `elimination.rs`).
    pub(crate) fn damage(&mut self, seat: Seat, amount: u16, attack: bool, ev: &mut Events) {
        // One predictable branch for the two-player game: no rounds, thresholds and elimination there (MP-20, MP-23).
        if self.table.format() == Format::FreeForAll {
            return self.free_for_all_damage(seat, amount, attack, ev);
        }
        let (before, hp) = self.lose_hp(seat, amount, attack, ev);
        if before > 0 && hp == 0 && self.turn.round_loser.is_none() && self.outcome.is_none() {
            self.lose_round(seat, ev);
        }
    }

    /// The HP a hit takes, never below 0 (CR 206.1f, 613.5): the HP before and after.
    #[inline]
    fn lose_hp(&mut self, seat: Seat, amount: u16, attack: bool, ev: &mut Events) -> (u16, u16) {
        let p = self.player_mut(seat);
        let before = p.hp;
        p.hp = p.hp.saturating_sub(amount);
        let hp = p.hp;
        ev.push(Event::Damage { seat, amount, attack, hp });
        (before, hp)
    }

    /// CR 613.4, 613.4a: an effect's HP gain; the starting HP is no ceiling.
    pub(crate) fn gain_hp(&mut self, seat: Seat, amount: u16, ev: &mut Events) {
        let p = self.player_mut(seat);
        p.hp = p.hp.saturating_add(amount);
        ev.push(Event::HpGained { seat, amount, hp: p.hp });
    }

    fn lose_round(&mut self, loser: Seat, ev: &mut Events) {
        self.turn.round_loser = Some(loser);
        // Rounds are the two-player game's (CR 206; MP-8: none in the free-for-all).
        let winner = self.table.standard_opponent(loser);
        self.player_mut(winner).rounds_won += 1;
        let hp = [Seat::A, Seat::B].map(|s| self.player(s).hp);
        self.rounds.push(RoundResult { round: self.turn.round, winner, hp });
        let rounds_won = [Seat::A, Seat::B].map(|s| self.player(s).rounds_won);
        ev.push(Event::RoundLost { seat: loser, round: self.turn.round, rounds_won });
        // CR 206.2: two rounds end the game immediately.
        if self.player(winner).rounds_won >= 2 {
            self.finish(winner, EndReason::TwoRounds, ev);
        }
    }

    pub(crate) fn finish(&mut self, winner: Seat, reason: EndReason, ev: &mut Events) {
        self.outcome = Some(GameOutcome { winner, reason });
        self.turn.phase = Phase::GameOver;
        self.drop_frames(|_| true);
        self.triggers.clear();
        ev.push(Event::GameOver { winner, reason });
    }

    /// Drops the unfinished work `drop` names, bottom to top. A blend still waiting to become active (CR 501.5)
    /// never did: it goes to its owner's discard, so every card stays in exactly one zone.
    pub(crate) fn drop_frames(&mut self, mut drop: impl FnMut(&Frame) -> bool) {
        let mut blends: smallvec::SmallVec<[(Seat, Card); 2]> = smallvec::SmallVec::new();
        self.frames.retain(|frame| {
            if !drop(frame) {
                return true;
            }
            if let Frame::AttachBlend { seat, card, .. } = frame {
                blends.push((*seat, *card));
            }
            false
        });
        for (seat, card) in blends {
            let card = self.fresh(card.def);
            self.player_mut(seat).discard.push(card);
        }
    }

    /// Discards a hero's blend (deblending, CR 609.1); attached cards go with it (CR 604.2a).
    pub(crate) fn deblend(&mut self, seat: Seat, pos: Position, reason: crate::event::DeblendReason, ev: &mut Events) {
        let Some(blend) = self.hero_mut(seat, pos).blend.take() else {
            return;
        };
        let blend = self.fresh(blend.def);
        self.player_mut(seat).discard.push(blend);
        ev.push(Event::Deblended { seat, hero: pos, blend: blend.into(), reason });
        self.discard_attached(seat, pos, ev);
    }

    /// A blend back to its owner's hand by an effect: a new card there, so if it is played again it is a new blend
    /// (CR 500.9d). Returns whether there was one.
    pub(crate) fn return_blend_to_hand(&mut self, seat: Seat, pos: Position, ev: &mut Events) -> bool {
        let Some(blend) = self.hero_mut(seat, pos).blend.take() else {
            return false;
        };
        let blend = self.fresh(blend.def);
        self.player_mut(seat).hand.push(blend);
        ev.push(Event::ReturnedToHand { seat, card: blend.def.name() });
        self.discard_attached(seat, pos, ev);
        true
    }

    /// The cards attached to a hero go to the discard when its blend leaves it, or when the hero otherwise loses
    /// the effect that attached them (CR 406.2, 604.2).
    pub(crate) fn discard_attached(&mut self, seat: Seat, pos: Position, ev: &mut Events) {
        self.hero_mut(seat, pos).attached_by = None;
        let attached = std::mem::take(&mut self.hero_mut(seat, pos).attached);
        for card in attached {
            let card = self.fresh(card.def);
            self.player_mut(seat).discard.push(card);
            ev.push(Event::Discarded { seat, card: card.into() });
        }
    }

    /// Takes a card out of a hand by its handle.
    pub(crate) fn take_from_hand(&mut self, seat: Seat, id: CardId) -> Option<Card> {
        let hand = &mut self.player_mut(seat).hand;
        let idx = hand.iter().position(|c| c.id == id)?;
        Some(hand.remove(idx))
    }

    /// Every card each player owns, for the conservation invariant: (zone cards, heroes).
    pub fn card_count(&self, seat: Seat) -> usize {
        self.player(seat).card_count()
    }
}
