//! Views: what one viewer (a seat or a spectator) may know, as plain serializable data. Hands, decks, the
//! face-down bench and face-down heroes appear only as counts to anyone but their owner (CR 402.2, 402.5, 403.4,
//! 405.2–405.3); decks appear only as counts, even to their owner (CR 403.2b).
use crate::effects::field;
use crate::event::CardView;
use crate::frames::{AskKind, Frame, WindowKind};
use crate::ids::{Position, Seat, Viewer};
use crate::state::{GameOutcome, MatchState, Phase, RoundResult};
use crate::stats::StatTerm;
use serde::Serialize;

mod due;
mod heroes;
mod judge;
mod prices;
pub use due::{DamageDue, DueHit};
pub use judge::{JudgeView, judge_view};
pub use prices::HpPrice;

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchView {
    pub viewer: Viewer,
    pub round: u8,
    pub turn: u32,
    pub active: Seat,
    /// `None` until turn order is chosen (CR 200.4).
    pub first_player: Option<Seat>,
    pub phase: Phase,
    pub first_turn: bool,
    /// One per seat of the table, in letter order (seat A first). Two kept inline, so the two-player view
    /// allocates nothing for them (issue 16); written as a plain array.
    #[cfg_attr(feature = "ts", ts(as = "Vec<PlayerView>"))]
    pub players: smallvec::SmallVec<[PlayerView; 2]>,
    /// Who owes the next decision and what kind it is.
    pub pending: Option<PendingView>,
    /// The cards this viewer may pick in the question it owes now (`choose_card` options), by handle and name:
    /// cards from its own hand, discard, or its deck during a search (which CR 619.1 lets it look through).
    /// `None` for everyone else.
    pub choices: Option<Vec<CardView>>,
    /// When this viewer orders its simultaneous effects (CR 501.4): which effect each `choose_trigger` option is.
    pub trigger_choices: Option<Vec<TriggerChoice>>,
    pub outcome: Option<GameOutcome>,
    /// Every round decided so far, in order: its winner and both players' HP when it was decided (CR 206).
    // At most three (two rounds win the match, CR 206.2), so kept inline; written as a plain array.
    #[cfg_attr(feature = "ts", ts(as = "Vec<RoundResult>"))]
    pub rounds: smallvec::SmallVec<[RoundResult; 3]>,
    /// While this viewer may declare an attack (CR 203.1): every hero it may declare, against every hero that
    /// one may attack, with the damage it would deal as things stand now. `None` for everyone else.
    pub attack_preview: Option<Vec<AttackPreview>>,
    /// While the defender is asked about an attacker's damage (CR 204.4): every hit of the attack still to be
    /// answered and their total, so the whole attack can be answered at once. Public, like the damage events.
    pub damage_due: Option<DamageDue>,
    /// The legal intents of this viewer's decision that cost its own HP (an effect's price), said before it
    /// commits. `None` for everyone else, or when nothing has a price.
    pub hp_prices: Option<Vec<HpPrice>>,
    /// A finished free-for-all's finishing order: the winner, then the others by place, 2nd, 3rd, … (MP-30).
    /// Absent in the two-player game and while the match goes on.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub places: Option<Vec<Seat>>,
}

/// What one attacker would do to one target if the attack were declared now: ATK while attacking (CR 203.1h)
/// minus the target's DEF (CR 204.3), dealt to the defending player's HP (CR 204.4a); the attacker itself takes
/// nothing. A preview, not a promise: "when this hero is attacked" effects (CR 204.2), timed actions and the
/// defender's deblend-to-block (CR 610) come later. A face-down target's DEF is hidden, so is the damage.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackPreview {
    pub hero: Position,
    pub target: Position,
    /// The player whose hero `target` is (MP-10); left out in the two-player game, where it is the one opponent.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub defender: Option<Seat>,
    pub atk: u16,
    /// `None` while the target is face down to this viewer.
    pub def: Option<u16>,
    /// `atk - def`, never below 0; `None` with `def`.
    pub damage: Option<u16>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PendingView {
    pub seat: Seat,
    /// Flattened beside `seat` (`{"seat":"A","window":"main"}`): one level less in every update that changes
    /// the pending decision (protocol 5, issue 14).
    #[serde(flatten)]
    pub decision: Decision,
}

/// Externally tagged (`{"window":"main"}`, `{"ask":{…}}`): the key says which, so no `type` tag is repeated in
/// every update that changes the pending decision (16 bytes each; issue 14).
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    Window(WindowKind),
    Ask(AskKind),
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hp: u16,
    pub rounds_won: u8,
    /// Left, center, right, back.
    pub heroes: [HeroView; 4],
    /// The hand's size for viewers who do not see `hand`; `None` beside `hand`, whose length says it (so the
    /// owner's updates do not carry it twice; protocol 5, issue 14).
    pub hand_count: Option<u8>,
    /// Only in the owner's view.
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<CardView>>"))]
    pub hand: Option<ZoneCards>,
    pub deck_count: u8,
    #[cfg_attr(feature = "ts", ts(as = "Vec<CardView>"))]
    pub discard: DiscardCards,
    /// Like `hand_count`: `None` beside `bench`.
    pub bench_count: Option<u8>,
    /// Only in the owner's view.
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<CardView>>"))]
    pub bench: Option<ZoneCards>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<CardView>"))]
    pub action_meter: ZoneCards,
    pub meter_slots: u8,
    pub mulliganed: bool,
    pub allotted_gem_used: bool,
    pub attacked_this_turn: bool,
    /// The free-for-all's meter thresholds this player's HP has gone under, highest first (`[30]`, `[30, 15]`;
    /// MP-20, MP-33). Absent in the two-player game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub meter_passed: Option<Vec<u16>>,
    /// How this player left the free-for-all (MP-24, MP-33). Absent while living, and in the two-player game.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub eliminated: Option<crate::state::Elimination>,
}

#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeroView {
    pub position: Position,
    pub face_down: bool,
    /// `None` while face down to this viewer.
    pub hero: Option<CardView>,
    pub level: Option<u8>,
    /// ATK and DEF as they stand now: during an attack, an attacking hero's include its "while attacking"
    /// bonuses (CR 203.1h).
    pub atk: Option<u16>,
    pub def: Option<u16>,
    /// What `atk` is made of, in the order the rules apply it; the amounts sum exactly to `atk`. Empty while
    /// the hero is face down to this viewer.
    #[cfg_attr(feature = "ts", ts(as = "Vec<StatTerm>"))]
    pub atk_terms: Terms,
    /// What `def` is made of; the amounts sum exactly to `def`.
    #[cfg_attr(feature = "ts", ts(as = "Vec<StatTerm>"))]
    pub def_terms: Terms,
    pub written_atk: Option<u16>,
    pub written_def: Option<u16>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<CardView>"))]
    pub gems: HeroCards,
    /// Invisible gems of any basic type other heroes' effects give this one (CR 614, 625): not cards, not
    /// equipped (CR 614.3), but they count for blends and activation gems (CR 614.2).
    pub invisible_gems: u8,
    pub blend: Option<CardView>,
    #[cfg_attr(feature = "ts", ts(as = "Vec<CardView>"))]
    pub attached: HeroCards,
    /// The card whose effect the hero has now (its blend's, its own, or a copied one); `None` when it has none
    /// or its effect was removed.
    pub effect: Option<&'static str>,
    /// Stun or Ghost: treated as having no effect (CR 500.9a).
    pub effect_removed: bool,
    /// Block Attack: may not attack for the remainder of the turn.
    pub cannot_attack: bool,
}

/// A stat's terms: a written value and a few changes, kept inline (a view is built after every intent for every
/// viewer, and these were two heap allocations per visible hero). Serialized as a plain array.
pub type Terms = smallvec::SmallVec<[StatTerm; 4]>;

/// A player's zone (hand, discard, bench, action meter) in a view: up to 8 cards inline, more on the heap. Each
/// zone was one heap allocation per view, most of a view's (issue 14); serialized as a plain array.
pub type ZoneCards = smallvec::SmallVec<[CardView; 8]>;

/// A discard pile in a view: it passes 8 cards early in most matches and then was a heap allocation per player per
/// new view (≈ 10 % of a view's instructions, issue 14), so it keeps more inline.
pub type DiscardCards = smallvec::SmallVec<[CardView; 32]>;

/// A hero's gems or attachments in a view: a few cards, inline like [`ZoneCards`].
pub type HeroCards = smallvec::SmallVec<[CardView; 4]>;

impl MatchView {
    /// A view of nothing yet, for [`view_into`] to fill: two blank players built in place, as the two-player view
    /// needs (`view_into` adds or drops players for another table).
    fn blank(viewer: Viewer) -> MatchView {
        MatchView {
            viewer,
            round: 0,
            turn: 0,
            active: Seat::A,
            first_player: None,
            phase: Phase::Setup,
            first_turn: false,
            players: smallvec::SmallVec::from_buf([PlayerView::blank(Seat::A), PlayerView::blank(Seat::B)]),
            pending: None,
            choices: None,
            trigger_choices: None,
            outcome: None,
            rounds: smallvec::SmallVec::new(),
            attack_preview: None,
            damage_due: None,
            hp_prices: None,
            places: None,
        }
    }
}

/// The view of `state` for `viewer`. Pure: equal inputs give byte-equal serializations.
pub fn view_for(state: &MatchState, viewer: Viewer) -> MatchView {
    let mut view = MatchView::blank(viewer);
    view_into(state, viewer, &mut view);
    view
}

/// [`view_for`], written into `view` whatever it held before: afterwards `*view == view_for(state, viewer)`. The
/// view is written in place, never assembled from parts and moved (it is ≈ 3 KB), and its zones, stat terms and
/// lists keep their buffers, so a caller that builds a view per viewer after every intent can keep one per
/// viewer and allocate almost nothing (issue 14).
pub fn view_into(state: &MatchState, viewer: Viewer, view: &mut MatchView) {
    write_view(state, viewer, view, &[]);
}

/// Several viewers' views of one state at once, each written into its own kept view exactly as [`view_into`]
/// writes it (a test holds them equal). A server writes every viewer kind's view after every intent, and most of
/// a view is alike for all of them: a player's part is the same for every viewer but its owner, and a face-up
/// hero (its stats and their terms, the costliest part of a view) the same for everyone. Each such part is worked
/// out for the first view that shows it and copied into the later ones (issue 14).
pub fn views_into(state: &MatchState, views: &mut [(Viewer, &mut MatchView)]) {
    for i in 0..views.len() {
        let (earlier, rest) = views.split_at_mut(i);
        let (viewer, view) = &mut rest[0];
        write_view(state, *viewer, view, earlier);
    }
}

/// [`view_into`], with the views of the same state written before it for other viewers (`earlier`) to copy
/// from where they show the same.
fn write_view(state: &MatchState, viewer: Viewer, view: &mut MatchView, earlier: &[(Viewer, &mut MatchView)]) {
    let first_player_known = !matches!(state.frames.last(), Some(Frame::Ask { kind: AskKind::TurnOrder, .. }))
        && state.turn.phase != Phase::Setup
        || state.players.iter().any(|p| !p.hand.is_empty());
    // Each seat's heroes' effects, worked out once for every question the view asks about them; eliminated seats
    // included, since every seat's board is shown. Indexed by `Seat::index`. The state's kept fields
    // (`FieldCache`): the next viewer's view and the next `legal_intents` read them again instead of working them
    // out anew (issue 14). The unseated entries repeat seat A's and are never read.
    let seats = &Seat::ALL[..state.table.seat_count()];
    let mut kept = [field::kept(state, Seat::A); 6];
    for &s in &seats[1..] {
        kept[s.index()] = field::kept(state, s);
    }
    let fields = &kept[..seats.len()];
    view.viewer = viewer;
    view.round = state.turn.round;
    view.turn = state.turn.number;
    view.active = state.turn.active;
    view.first_player = first_player_known.then_some(state.turn.first_player);
    view.phase = state.turn.phase;
    view.first_turn = state.turn.number > 0 && state.is_first_turn(state.turn.active);
    // Kept players are rewritten in place (their buffers kept, issue 14); only a change of table adds or drops some.
    if view.players.len() != seats.len() {
        view.players.truncate(seats.len());
        let kept = view.players.len();
        view.players.extend(seats[kept..].iter().map(|&s| PlayerView::blank(s)));
    }
    for (field, player) in fields.iter().copied().zip(&mut view.players) {
        let seat = field.seat;
        let own = viewer.sees_private_of(seat);
        let shown = |(v, _): &&(Viewer, &mut MatchView)| v.sees_private_of(seat) == own;
        // The same player as an earlier viewer sees it: copied whole. Otherwise its face-up heroes at least
        // are as any earlier viewer sees them.
        match earlier.iter().find(shown) {
            Some((_, same)) => heroes::copy_player(player, &same.players[seat.index()]),
            None => {
                let public = earlier.first().map(|(_, e)| &e.players[seat.index()]);
                heroes::player_into(state, field, viewer, player, public);
            }
        }
    }
    view.pending = pending(state);
    refill(&mut view.choices, |out| choices(state, viewer, out));
    refill(&mut view.trigger_choices, |out| trigger_choices(state, viewer, out));
    view.outcome = state.outcome;
    view.rounds.clear();
    view.rounds.extend(state.rounds.iter().copied());
    refill(&mut view.attack_preview, |out| heroes::attack_preview(state, fields, viewer, out));
    due::damage_due_into(state, &mut view.damage_due);
    refill(&mut view.hp_prices, |out| prices::hp_prices(state, fields, viewer, out));
    view.places = state.places();
}

/// Refills an optional list through `fill`, keeping its buffer while it stays listed; an empty list is `None`.
fn refill<T>(slot: &mut Option<Vec<T>>, fill: impl FnOnce(&mut Vec<T>)) {
    let mut list = slot.take().unwrap_or_default();
    list.clear();
    fill(&mut list);
    *slot = (!list.is_empty()).then_some(list);
}

/// One waiting triggered effect, named for the player who picks the order.
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(export))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TriggerChoice {
    pub trigger: u32,
    /// The card whose effect it is.
    pub card: &'static str,
    /// Where the hero with that effect stands, if it is on the field.
    pub hero: Option<Position>,
}

fn trigger_choices(state: &MatchState, viewer: Viewer, out: &mut Vec<TriggerChoice>) {
    let Some(seat) = viewer.seat() else { return };
    let Some(Frame::Ask {
        seat: s,
        kind: AskKind::Effect { prompt: crate::effects::resolve::Prompt::ChooseTrigger, .. },
    }) = state.frames.last()
    else {
        return;
    };
    let Some(Frame::Triggers(batch)) = state.frames.iter().rev().nth(1) else { return };
    if *s != seat {
        return;
    }
    out.extend(batch.current().iter().map(|t| TriggerChoice {
        trigger: t.id,
        card: t.effect.name(),
        hero: t.hero.position(state),
    }));
}

fn choices(state: &MatchState, viewer: Viewer, out: &mut Vec<CardView>) {
    let Some(seat) = viewer.seat() else { return };
    if !matches!(state.frames.last(), Some(Frame::Ask { seat: s, kind: AskKind::Effect { .. } }) if *s == seat) {
        return;
    }
    let p = state.player(seat);
    out.extend(crate::intents::effect::answers(state, seat).iter().filter_map(|i| {
        match i {
            crate::intent::Intent::ChooseCard { card } => p
                .hand
                .iter()
                .chain(p.deck.iter())
                .chain(p.discard.iter())
                .find(|c| c.id == *card)
                .map(|c| CardView::from(*c)),
            _ => None,
        }
    }));
}

/// The decision owed now and who owes it (a window such as the main phase or a response window, or a question), or
/// `None` once the game is over: as cheap as `owed_seat`, for bots that need to know what kind of decision comes
/// without listing the legal intents.
pub fn pending(state: &MatchState) -> Option<PendingView> {
    match state.frames.last()? {
        Frame::Ask { seat, kind } => Some(PendingView { seat: *seat, decision: Decision::Ask(*kind) }),
        Frame::Window { seat, kind } => Some(PendingView { seat: *seat, decision: Decision::Window(*kind) }),
        _ => None,
    }
}
