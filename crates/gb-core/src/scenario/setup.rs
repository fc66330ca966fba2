//! `[setup]` scenarios: a real match from two deck lists (or three to six, a free-for-all, MP-1) and a seed,
//! optionally with unshuffled decks, or the refusal of those decks with the rule of each violation (CR 101).
use crate::deck::DeckList;
use crate::event::Events;
use crate::rejection::Rejection;
use crate::state::MatchState;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    pub a: String,
    pub b: String,
    /// Seats `c` … `f` (in order, no gaps) make a free-for-all (MP-1).
    #[serde(default)]
    pub c: Option<String>,
    #[serde(default)]
    pub d: Option<String>,
    #[serde(default)]
    pub e: Option<String>,
    #[serde(default)]
    pub f: Option<String>,
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
    #[serde(default)]
    pub c: Vec<Violation>,
    #[serde(default)]
    pub d: Vec<Violation>,
    #[serde(default)]
    pub e: Vec<Violation>,
    #[serde(default)]
    pub f: Vec<Violation>,
}

impl RefusedSpec {
    fn seats(&self) -> [&Vec<Violation>; 6] {
        [&self.a, &self.b, &self.c, &self.d, &self.e, &self.f]
    }
}

impl SetupSpec {
    /// The deck lists written, seat A's first; a gap (`d` without `c`) is the scenario's mistake.
    fn decks(&self) -> Result<Vec<&str>, String> {
        let rest = [&self.c, &self.d, &self.e, &self.f];
        let written = rest.iter().take_while(|d| d.is_some()).count();
        if rest.iter().skip(written).any(|d| d.is_some()) {
            return Err("setup: decks go a, b, c … without gaps".into());
        }
        let rest = rest.into_iter().take(written).filter_map(|d| d.as_deref());
        Ok([self.a.as_str(), self.b.as_str()].into_iter().chain(rest).collect())
    }
}

/// One deck violation: its code and the rule it rests on (`{ code = "too_many_copies", rule = "CR 101.4" }`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
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

/// The violations of each seat's deck, seat A's first (one entry per seat of the setup).
pub(super) type Refusals = Vec<Vec<Violation>>;

/// What a setup led to: a match, or the violations of each seat's deck (parse errors included).
pub(super) enum Started {
    Match(Box<MatchState>, Events),
    Refused(Refusals),
}

pub(super) fn start(spec: &SetupSpec) -> Result<Started, String> {
    let texts = spec.decks()?;
    let mut refused: Refusals = vec![Vec::new(); texts.len()];
    let mut decks = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        match DeckList::parse_text(text) {
            Ok(deck) => decks.push(deck),
            Err(errors) => refused[i] = errors.iter().map(Violation::from).collect(),
        }
    }
    if decks.len() != texts.len() {
        return Ok(Started::Refused(refused));
    }
    match crate::setup::new_match(&crate::setup::MatchSetup { decks, seed: spec.seed.into(), chooser: None }) {
        Ok(mut state) => {
            if spec.unshuffled {
                // Nothing is dealt before turn order is chosen (CR 200.4a), so stacking now keeps the order.
                state.stacked = true;
                for seat in state.table().seats() {
                    state.player_mut(seat).deck.reverse(); // written top first; the engine keeps the top last
                }
            }
            Ok(Started::Match(Box::new(state), Events::default()))
        }
        Err(errors) => {
            for e in errors {
                // Two to six decks: each refusal names its seat (only a wrong deck count has none).
                let seat = e.seat.expect("a setup of 2 to 6 decks refuses decks, not the count");
                refused[seat.index()] = e.errors.iter().map(Violation::from).collect();
            }
            Ok(Started::Refused(refused))
        }
    }
}

/// Compares a refusal (or an accepted setup, `None`) with what the scenario expects.
pub(super) fn check_refusal(spec: &SetupSpec, got: Option<&Refusals>) -> Result<(), String> {
    const LETTERS: [&str; 6] = ["a", "b", "c", "d", "e", "f"];
    match (&spec.refused, got) {
        (None, None) => Ok(()),
        (None, Some(got)) => {
            let each: Vec<String> = got.iter().zip(LETTERS).map(|(v, seat)| format!("{seat} {}", list(v))).collect();
            Err(format!("setup: the decks were refused: {}", each.join(", ")))
        }
        (Some(_), None) => Err("setup: expected the decks to be refused, but they were accepted".into()),
        (Some(wanted), Some(got)) => {
            let none = Vec::new();
            for (i, wanted) in wanted.seats().into_iter().enumerate() {
                let got = got.get(i).unwrap_or(&none);
                if wanted != got {
                    let seat = LETTERS[i];
                    return Err(format!("setup: {seat}'s deck: expected refusal {}, got {}", list(wanted), list(got)));
                }
            }
            Ok(())
        }
    }
}
