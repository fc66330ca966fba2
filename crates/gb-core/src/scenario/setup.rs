//! `[setup]` scenarios: a real match from two deck lists and a seed, optionally with unshuffled decks, or the
//! refusal of those decks with the rule of each violation (CR 101).
use crate::deck::DeckList;
use crate::event::Events;
use crate::ids::Seat;
use crate::rejection::Rejection;
use crate::state::MatchState;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    pub a: String,
    pub b: String,
    pub seed: u64,
    /// Keep each main deck in the written order, top card first: no shuffle ever happens, and a mulligan puts the
    /// hand under the deck in the order it was dealt, so opening hands, mulligans and draws are known.
    #[serde(default)]
    pub unshuffled: bool,
    /// The decks must be refused, with exactly these violations per seat (in the order validation reports them).
    #[serde(default)]
    pub refused: Option<RefusedSpec>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusedSpec {
    #[serde(default)]
    pub a: Vec<Violation>,
    #[serde(default)]
    pub b: Vec<Violation>,
}

/// One deck violation: its code and the rule it rests on (`{ code = "too_many_copies", rule = "CR 101.4" }`).
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Violation {
    pub code: String,
    pub rule: String,
}

impl From<&Rejection> for Violation {
    fn from(r: &Rejection) -> Violation {
        Violation { code: r.code.into(), rule: r.rule.into() }
    }
}

fn list(violations: &[Violation]) -> String {
    let items: Vec<String> = violations.iter().map(|v| format!("{} ({})", v.code, v.rule)).collect();
    format!("[{}]", items.join(", "))
}

/// What a setup led to: a match, or the violations of each seat's deck (parse errors included).
pub(super) enum Started {
    Match(Box<MatchState>, Events),
    Refused([Vec<Violation>; 2]),
}

pub(super) fn start(spec: &SetupSpec) -> Started {
    let mut refused: [Vec<Violation>; 2] = Default::default();
    let mut decks = Vec::with_capacity(2);
    for (seat, text) in [(Seat::A, &spec.a), (Seat::B, &spec.b)] {
        match DeckList::parse_text(text) {
            Ok(deck) => decks.push(deck),
            Err(errors) => refused[seat.index()] = errors.iter().map(Violation::from).collect(),
        }
    }
    if decks.len() != 2 {
        return Started::Refused(refused);
    }
    match crate::setup::new_match(&crate::setup::MatchSetup { decks, seed: spec.seed.into() }) {
        Ok(mut state) => {
            if spec.unshuffled {
                // Nothing is dealt before turn order is chosen (CR 200.4a), so stacking now keeps the order.
                state.stacked = true;
                for seat in state.table().seats() {
                    state.player_mut(seat).deck.reverse(); // written top first; the engine keeps the top last
                }
            }
            Started::Match(Box::new(state), Events::default())
        }
        Err(errors) => {
            for e in errors {
                // Two decks: each refusal names its seat (only a wrong deck count has none).
                let seat = e.seat.expect("a two-deck setup refuses decks, not the count");
                refused[seat.index()] = e.errors.iter().map(Violation::from).collect();
            }
            Started::Refused(refused)
        }
    }
}

/// Compares a refusal (or an accepted setup, `None`) with what the scenario expects.
pub(super) fn check_refusal(spec: &SetupSpec, got: Option<&[Vec<Violation>; 2]>) -> Result<(), String> {
    match (&spec.refused, got) {
        (None, None) => Ok(()),
        (None, Some([a, b])) => Err(format!("setup: the decks were refused: a {}, b {}", list(a), list(b))),
        (Some(_), None) => Err("setup: expected the decks to be refused, but they were accepted".into()),
        (Some(wanted), Some([a, b])) => {
            for (seat, wanted, got) in [("a", &wanted.a, a), ("b", &wanted.b, b)] {
                if wanted != got {
                    return Err(format!("setup: {seat}'s deck: expected refusal {}, got {}", list(wanted), list(got)));
                }
            }
            Ok(())
        }
    }
}
