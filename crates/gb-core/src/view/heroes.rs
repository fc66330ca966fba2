//! A player's part of a view — its heroes with their stats, its zones — and the attack preview, written in place
//! into a view that may hold an earlier one (`view_into`): every field is overwritten, every list refilled.
use super::{AttackPreview, HeroView, PlayerView, Terms};
use crate::effects::field::Field;
use crate::event::CardView;
use crate::ids::{Position, Seat, Viewer};
use crate::intents::attack;
use crate::state::{Card, MatchState};
use crate::stats::{self, Stat};

impl PlayerView {
    pub(super) fn blank(seat: Seat) -> PlayerView {
        PlayerView {
            seat,
            hp: 0,
            rounds_won: 0,
            heroes: Position::each(HeroView::blank),
            hand_count: None,
            hand: None,
            deck_count: 0,
            discard: Default::default(),
            bench_count: None,
            bench: None,
            action_meter: Default::default(),
            meter_slots: 0,
            mulliganed: false,
            allotted_gem_used: false,
            attacked_this_turn: false,
            meter_passed: None,
            eliminated: None,
        }
    }
}

impl HeroView {
    fn blank(position: Position) -> HeroView {
        HeroView {
            position,
            face_down: true,
            hero: None,
            level: None,
            atk: None,
            def: None,
            atk_terms: Terms::new(),
            def_terms: Terms::new(),
            written_atk: None,
            written_def: None,
            gems: Default::default(),
            invisible_gems: 0,
            blend: None,
            attached: Default::default(),
            effect: None,
            effect_removed: false,
            cannot_attack: false,
        }
    }
}

/// Overwrites `zone` with `cards`, keeping its buffer. A kept view's zone mostly has the length it had: the cards
/// it already holds are overwritten in one straight loop over two slices (a plain copy: `CardView` is `Card`'s
/// two fields), and only the difference is truncated or pushed (issue 14).
fn copy_cards<A: smallvec::Array<Item = CardView>>(zone: &mut smallvec::SmallVec<A>, cards: &[Card]) {
    zone.truncate(cards.len());
    let (kept, more) = cards.split_at(zone.len());
    for (view, card) in zone.iter_mut().zip(kept) {
        *view = CardView::from(*card);
    }
    // Most of a view's two dozen zones are empty or unchanged: `extend` costs dozens of instructions even with
    // nothing to add (issue 14).
    if !more.is_empty() {
        zone.extend(more.iter().map(|c| CardView::from(*c)));
    }
}

/// Like [`copy_cards`] for a zone only its owner sees: `None` for everyone else.
fn copy_private<A: smallvec::Array<Item = CardView>>(
    zone: &mut Option<smallvec::SmallVec<A>>,
    cards: &[Card],
    own: bool,
) {
    if own {
        copy_cards(zone.get_or_insert_with(Default::default), cards);
    } else {
        *zone = None;
    }
}

/// `viewer`'s part of `field.seat`'s player. `public`: the same player as another viewer of the same state sees
/// it, whose face-up heroes (shown alike to everyone) are copied rather than worked out again.
pub(super) fn player_into(
    state: &MatchState,
    field: &Field,
    viewer: Viewer,
    v: &mut PlayerView,
    public: Option<&PlayerView>,
) {
    let seat = field.seat;
    let p = state.player(seat);
    let own = viewer.sees_private_of(seat);
    v.seat = seat;
    v.hp = p.hp;
    v.rounds_won = p.rounds_won;
    for (pos, hero) in Position::ALL.into_iter().zip(&mut v.heroes) {
        match public {
            Some(other) if !state.hero(seat, pos).face_down => copy_hero(hero, &other.heroes[pos.index()]),
            _ => hero_into(state, field, pos, own, hero),
        }
    }
    v.hand_count = (!own).then_some(p.hand.len() as u8);
    copy_private(&mut v.hand, &p.hand, own);
    v.deck_count = p.deck.len() as u8;
    copy_cards(&mut v.discard, &p.discard);
    v.bench_count = (!own).then_some(p.bench.len() as u8);
    copy_private(&mut v.bench, &p.bench, own);
    copy_cards(&mut v.action_meter, &p.meter);
    v.meter_slots = p.meter_slots;
    v.mulliganed = p.mulliganed;
    v.allotted_gem_used = p.allotted_gem_used;
    v.attacked_this_turn = p.attacked_this_turn;
    // MP-33: the free-for-all's thresholds passed (its buffer kept), nothing in the two-player game.
    let thresholds = state.table().format().rules().meter_thresholds;
    if thresholds.is_empty() {
        v.meter_passed = None;
    } else {
        let passed = v.meter_passed.get_or_insert_with(Vec::new);
        passed.clear();
        passed.extend(thresholds.iter().enumerate().filter(|(i, _)| p.meter_passed & (1 << i) != 0).map(|(_, t)| *t));
    }
    v.eliminated = p.eliminated;
}

/// `dst` made equal to `src`, a player of the same state as a viewer who sees it alike shows it: every field
/// copied, the zones' buffers kept. Destructured without `..`, so a field added to the view is not forgotten.
pub(super) fn copy_player(dst: &mut PlayerView, src: &PlayerView) {
    let PlayerView {
        seat,
        hp,
        rounds_won,
        heroes,
        hand_count,
        hand,
        deck_count,
        discard,
        bench_count,
        bench,
        action_meter,
        meter_slots,
        mulliganed,
        allotted_gem_used,
        attacked_this_turn,
        meter_passed,
        eliminated,
    } = src;
    dst.seat = *seat;
    dst.hp = *hp;
    dst.rounds_won = *rounds_won;
    for (d, s) in dst.heroes.iter_mut().zip(heroes) {
        copy_hero(d, s);
    }
    dst.hand_count = *hand_count;
    copy_maybe_list(&mut dst.hand, hand);
    dst.deck_count = *deck_count;
    copy_list(&mut dst.discard, discard);
    dst.bench_count = *bench_count;
    copy_maybe_list(&mut dst.bench, bench);
    copy_list(&mut dst.action_meter, action_meter);
    dst.meter_slots = *meter_slots;
    dst.mulliganed = *mulliganed;
    dst.allotted_gem_used = *allotted_gem_used;
    dst.attacked_this_turn = *attacked_this_turn;
    dst.meter_passed.clone_from(meter_passed);
    dst.eliminated = *eliminated;
}

/// `dst` made equal to `src`, keeping its buffer: the part both hold copied as one slice, only the rest pushed
/// (`SmallVec::clone_from` extends even with nothing to add, ~90 instructions a list; issue 14).
fn copy_list<A: smallvec::Array>(dst: &mut smallvec::SmallVec<A>, src: &[A::Item])
where
    A::Item: Copy,
{
    dst.truncate(src.len());
    let (kept, more) = src.split_at(dst.len());
    dst.copy_from_slice(kept);
    if !more.is_empty() {
        dst.extend_from_slice(more);
    }
}

/// [`copy_list`] for a zone only its owner sees (`None` for everyone else).
fn copy_maybe_list<A: smallvec::Array>(dst: &mut Option<smallvec::SmallVec<A>>, src: &Option<smallvec::SmallVec<A>>)
where
    A::Item: Copy,
{
    match (dst, src) {
        (Some(d), Some(s)) => copy_list(d, s),
        (d, s) => d.clone_from(s),
    }
}

/// `dst` made equal to `src`, its lists' buffers kept (see [`copy_player`]).
fn copy_hero(dst: &mut HeroView, src: &HeroView) {
    let HeroView {
        position,
        face_down,
        hero,
        level,
        atk,
        def,
        atk_terms,
        def_terms,
        written_atk,
        written_def,
        gems,
        invisible_gems,
        blend,
        attached,
        effect,
        effect_removed,
        cannot_attack,
    } = src;
    dst.position = *position;
    dst.face_down = *face_down;
    dst.hero = *hero;
    dst.level = *level;
    dst.atk = *atk;
    dst.def = *def;
    copy_list(&mut dst.atk_terms, atk_terms);
    copy_list(&mut dst.def_terms, def_terms);
    dst.written_atk = *written_atk;
    dst.written_def = *written_def;
    copy_list(&mut dst.gems, gems);
    dst.invisible_gems = *invisible_gems;
    dst.blend = *blend;
    copy_list(&mut dst.attached, attached);
    dst.effect = *effect;
    dst.effect_removed = *effect_removed;
    dst.cannot_attack = *cannot_attack;
}

fn hero_into(state: &MatchState, field: &Field, pos: Position, own: bool, v: &mut HeroView) {
    let seat = field.seat;
    let h = state.hero(seat, pos);
    let visible = own || !h.face_down;
    v.position = pos;
    v.face_down = h.face_down;
    v.hero = visible.then(|| h.card.into());
    let altered = &field.altered[pos.index()];
    v.level = visible.then(|| altered.level(state, seat, pos));
    v.atk_terms.clear();
    v.def_terms.clear();
    if visible {
        // ATK and DEF from one pass (`stats::both_in`): the terms sum exactly to the stats shown.
        let attacking = stats::attack_defender(state, seat, pos);
        let (atk_terms, def_terms) = (&mut v.atk_terms, &mut v.def_terms);
        let s = stats::both_in(state, field, pos, attacking, |t| atk_terms.push(t), |t| def_terms.push(t));
        (v.atk, v.def) = (Some(s.atk), Some(s.def));
        (v.written_atk, v.written_def) = (Some(s.written_atk), Some(s.written_def));
    } else {
        (v.atk, v.def, v.written_atk, v.written_def) = (None, None, None, None);
    }
    copy_cards(&mut v.gems, &h.gems);
    v.invisible_gems = field.invisible[pos.index()];
    v.blend = h.blend.map(Into::into);
    copy_cards(&mut v.attached, &h.attached);
    v.effect = if visible { field.active[pos.index()].map(|e| e.name()) } else { None };
    v.effect_removed = visible && altered.no_effect;
    v.cannot_attack = altered.cannot_attack;
}

/// Every one-hero attack the viewer may declare now, with its damage. Exactly the pairs `attack::Declare`'s check
/// accepts for a one-hero declaration: it may declare at all (`may_declare`), the hero is on the frontline (CR
/// 203.1d) and may attack (CR 623.2c), the target is one it may attack (CR 204.3a, MP-10, MP-37) — asked of the
/// field already worked out rather than of that check, which works each hero's statics out again. The ATK is the
/// one against each target's player (MP-40: Burn Fowl, Pearl Deceptor).
pub(super) fn attack_preview(state: &MatchState, fields: &[&Field], viewer: Viewer, out: &mut Vec<AttackPreview>) {
    let Some(seat) = viewer.seat() else { return };
    // Most of the time no attack can be declared at all: say so before asking about each pair, and outside the
    // main window without `may_declare` formatting a refusal only to drop it (4 % of a view, issue 14).
    if !crate::intents::in_window(state, seat, crate::frames::WindowKind::Main)
        || attack::may_declare(state, seat).is_err()
    {
        return;
    }
    let table = state.table();
    let field = fields[seat.index()];
    for hero in Position::FRONTLINE {
        if field.altered[hero.index()].cannot_attack {
            continue;
        }
        // The ATK against the defender of the targets in a row (MP-40).
        let mut atk_against: Option<(Seat, u16)> = None;
        for (defender, target) in attack::targets_with(&table, seat, hero, field.statics[hero.index()]) {
            let theirs = fields[defender.index()];
            if atk_against.is_none_or(|(d, _)| d != defender) {
                atk_against = Some((defender, stats::current_in(state, field, hero, Stat::Atk, Some(defender))));
            }
            let atk = atk_against.expect("just worked out").1;
            let def = (!state.hero(defender, target).face_down)
                .then(|| stats::current_in(state, theirs, target, Stat::Def, None));
            out.push(AttackPreview {
                hero,
                target,
                defender: attack::named(&table, defender),
                atk,
                def,
                damage: def.map(|d| atk.saturating_sub(d)),
            });
        }
    }
}
