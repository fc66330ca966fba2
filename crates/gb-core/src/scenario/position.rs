//! Building a mid-game position from names: heroes by position with gems and blend, hand, deck from the top,
//! discard, bench, HP, rounds won, action meter, whose turn, which phase, whether it is a first turn.
use crate::cards::{CardDefId, CardKind, catalogue};
use crate::frames::{Frame, WindowKind};
use crate::ids::{CardId, Seat};
use crate::rng::MatchRng;
use crate::state::{Card, Hero, MatchState, Phase, PlayerState, TurnState};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    pub active: Seat,
    /// `"play"` (default): the active player's play phase is open. `"start_of_turn"`: the active player's turn
    /// begins now, draw phase included.
    #[serde(default)]
    pub phase: Option<String>,
    /// Whether this is the active player's first turn (CR 200.9).
    #[serde(default)]
    pub first_turn: bool,
    /// Who went first; defaults to the active player on a first turn, otherwise to the other player.
    #[serde(default)]
    pub first_player: Option<Seat>,
    #[serde(default = "one")]
    pub round: u8,
    #[serde(default)]
    pub seed: u64,
    pub a: PlayerSpec,
    pub b: PlayerSpec,
}

fn one() -> u8 {
    1
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub heroes: HeroesSpec,
    #[serde(default)]
    pub hand: Vec<String>,
    /// Top card first.
    #[serde(default)]
    pub deck: Vec<String>,
    #[serde(default)]
    pub discard: Vec<String>,
    #[serde(default)]
    pub bench: Vec<String>,
    #[serde(default)]
    pub meter: Vec<String>,
    #[serde(default)]
    pub hp: Option<u16>,
    #[serde(default)]
    pub rounds_won: u8,
    #[serde(default)]
    pub allotted_gem_used: bool,
    #[serde(default)]
    pub attacked_this_turn: bool,
    #[serde(default)]
    pub mulliganed: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroesSpec {
    pub left: HeroSpec,
    pub center: HeroSpec,
    pub right: HeroSpec,
    pub back: HeroSpec,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroSpec {
    pub hero: String,
    #[serde(default)]
    pub gems: Vec<String>,
    #[serde(default)]
    pub blend: Option<String>,
    #[serde(default)]
    pub attached: Vec<String>,
}

struct Ids(u32);

impl Ids {
    fn card(&mut self, name: &str, kind: Option<CardKind>) -> Result<Card, String> {
        let def: CardDefId = catalogue().find(name).ok_or_else(|| format!("no card named {name:?}"))?;
        if let Some(kind) = kind
            && def.def().kind != kind
        {
            return Err(format!("{name} is not a {kind:?}"));
        }
        self.0 += 1;
        Ok(Card { id: CardId(self.0), def })
    }
    fn zone(&mut self, names: &[String], kind: Option<CardKind>) -> Result<Vec<Card>, String> {
        names.iter().map(|n| self.card(n, kind)).collect()
    }
}

fn player(spec: &PlayerSpec, ids: &mut Ids) -> Result<PlayerState, String> {
    let h = &spec.heroes;
    let mut field = Vec::new();
    for s in [&h.left, &h.center, &h.right, &h.back] {
        let mut hero = Hero::new(ids.card(&s.hero, Some(CardKind::Hero))?);
        hero.face_down = false;
        hero.gems = ids.zone(&s.gems, Some(CardKind::Gem))?;
        hero.blend = s.blend.as_deref().map(|b| ids.card(b, Some(CardKind::Blend))).transpose()?;
        hero.attached = ids.zone(&s.attached, None)?;
        if !hero.attached.is_empty() {
            // CR 406.1: attached cards are part of the blend whose effect attached them.
            let blend = hero.blend.ok_or_else(|| format!("{}: attached cards need a blend (CR 406.1)", s.hero))?;
            hero.attached_by = Some(blend.def);
        }
        field.push(hero);
    }
    let heroes: [Hero; 4] = field.try_into().map_err(|_| "four heroes")?;
    let mut deck = ids.zone(&spec.deck, None)?;
    deck.reverse(); // written top first; the engine keeps the top at the end
    let mut p = PlayerState::new(heroes.clone().map(|h| h.card), ids.zone(&spec.bench, Some(CardKind::Hero))?, deck);
    p.field = heroes;
    p.hand = ids.zone(&spec.hand, None)?;
    p.discard = ids.zone(&spec.discard, None)?;
    p.meter = ids.zone(&spec.meter, Some(CardKind::Action))?;
    p.hp = spec.hp.unwrap_or(20);
    p.rounds_won = spec.rounds_won;
    p.allotted_gem_used = spec.allotted_gem_used;
    p.attacked_this_turn = spec.attacked_this_turn;
    p.mulliganed = spec.mulliganed;
    Ok(p)
}

/// The state a position describes, with the active player's play phase open (or their turn about to begin), and
/// the events of getting there. Public so other crates' tests can start from a written position.
pub fn build(spec: &PositionSpec) -> Result<(MatchState, crate::event::Events), String> {
    let mut ids = Ids(0);
    let mut players = [player(&spec.a, &mut ids)?, player(&spec.b, &mut ids)?];
    let active = spec.active;
    // A position is a two-player one until the scenario format has seats C-F (plan step 9).
    let table = crate::table::Table::STANDARD;
    let first_player =
        spec.first_player.unwrap_or(if spec.first_turn { active } else { table.standard_opponent(active) });
    let start_of_turn = match spec.phase.as_deref() {
        None | Some("play") => false,
        Some("start_of_turn") => true,
        Some(other) => {
            return Err(format!("unknown phase {other:?} (use \"play\" or \"start_of_turn\")"));
        }
    };
    if spec.first_turn && spec.round > 1 {
        return Err("first_turn is only for round 1: later rounds have no first turns (CR 206.3a)".into());
    }
    // The position is what a real game reaching it would be: turns alternate from the first player's turn 1
    // (the next round's turn is literally the next turn, CR 206.3e), so the first player's turns are the odd ones.
    // A first turn is turn 1 or 2; any other position is turn 5 or 6, late enough that no first-turn rule applies.
    let number = match (spec.first_turn, active == first_player) {
        (true, true) => 1,
        (true, false) => 2,
        (false, true) => 5,
        (false, false) => 6,
    };
    for seat in table.seats() {
        let parity = if seat == first_player { 1 } else { 0 };
        // This seat's turns up to `number`, newest first.
        let mut turns = (1..=number).rev().filter(|t| t % 2 == parity);
        let p = &mut players[seat.index()];
        p.turns_started = (1..=number).filter(|t| t % 2 == parity).count() as u32;
        p.current_turn = turns.next().unwrap_or(0);
        p.previous_turn = turns.next().unwrap_or(0);
        if start_of_turn && seat == active {
            // begin_turn counts this turn in again.
            p.turns_started -= 1;
            p.current_turn = p.previous_turn;
        }
    }
    let mut state = MatchState::new(
        table,
        players,
        TurnState {
            active,
            first_player,
            number,
            phase: Phase::Play,
            first_turns_over: spec.round > 1,
            round: spec.round,
            round_loser: None,
            additional_turns: [0; 6],
        },
        MatchRng::new(spec.seed),
        ids.0,
        first_player,
    );
    let mut ev = crate::event::Events::default();
    if start_of_turn {
        state.turn.number -= 1;
        crate::intents::turn::begin_turn(&mut state, active, &mut ev);
        crate::frames::drive(&mut state, &mut ev);
    } else {
        state.frames.push(Frame::Window { seat: active, kind: WindowKind::Main });
    }
    Ok((state, ev))
}
