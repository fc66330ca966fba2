//! Scenarios: a position written by card names, intents by seat, and expected results, in TOML. The rules'
//! worked examples are committed as scenarios under `crates/gb-core/scenarios/`; `gb scenario run` runs them.
//! The format is documented in `docs/scenarios.md`.
mod expect;
mod position;
mod seats;
mod setup;

pub use position::build as build_position;
pub use position::{HeroSpec, PlayerSpec, PositionSpec};
pub use setup::{RefusedSpec, SetupSpec, Violation};

use crate::api::apply;
use crate::ids::{Seat, Viewer};
use crate::intent::Intent;
use crate::state::MatchState;
use crate::view::view_for;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// The rules this scenario demonstrates, e.g. `["CR 204.3"]`.
    #[serde(default)]
    pub rules: Vec<String>,
    /// Lets the file name the test cards of `test-cards/cards.json` (`docs/scenarios.md`, "Test cards").
    #[serde(default)]
    pub test_cards: bool,
    /// Start from a full setup instead of a position: two deck lists (text format) and a seed.
    #[serde(default)]
    pub setup: Option<SetupSpec>,
    #[serde(default)]
    pub position: Option<PositionSpec>,
    #[serde(default, rename = "step")]
    pub steps: Vec<Step>,
    #[serde(default)]
    pub expect: Option<Expect>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub seat: Seat,
    /// An intent as on the wire; a `card` or `bench` given as a name means the first such card in the acting
    /// seat's hand (or bench).
    pub intent: toml::Value,
    /// The rejection code this intent must get (then nothing may change).
    #[serde(default)]
    pub reject: Option<String>,
    /// With `reject` (refused without it): the rule the rejection must cite (`"CR 301.3"`).
    #[serde(default)]
    pub rule: Option<String>,
    /// Checked after this step; after a refused one, against the unchanged state (a refusal has no events).
    #[serde(default)]
    pub expect: Option<Expect>,
}

/// Expected results: public fields by path (`b.hp`, `a.heroes.left.atk`, `pending.seat`), event types that must
/// occur in this order (`events`), or must not occur (`no_events`).
#[derive(Debug, Default, Deserialize)]
pub struct Expect {
    #[serde(default)]
    pub events: Vec<String>,
    #[serde(default)]
    pub no_events: Vec<String>,
    #[serde(flatten)]
    pub fields: BTreeMap<String, toml::Value>,
}

/// The outcome of one scenario.
#[derive(Debug)]
pub struct ScenarioResult {
    pub name: String,
    pub failure: Option<String>,
}

/// Parses and runs one scenario file's text.
pub fn run_text(text: &str) -> ScenarioResult {
    let scenario: Scenario = match toml::from_str(text) {
        Ok(s) => s,
        Err(e) => {
            return ScenarioResult { name: "(unreadable scenario)".into(), failure: Some(e.to_string()) };
        }
    };
    let name = scenario.name.clone();
    if scenario.test_cards && !crate::cards::test_cards::BUILT_IN {
        let why = "test_cards = true, but this build has no test cards (gb-core's feature `test-cards`)";
        return ScenarioResult { name, failure: Some(why.into()) };
    }
    // Test cards are named only by a file that asks for them.
    let _test_cards = crate::cards::test_cards::allow(scenario.test_cards);
    ScenarioResult { name, failure: run(&scenario).err() }
}

/// The state a scenario starts from, or `None` when its `[setup]` decks were refused as it expected.
fn start(scenario: &Scenario) -> Result<Option<(MatchState, crate::event::Events)>, String> {
    match (&scenario.setup, &scenario.position) {
        (Some(spec), None) => match setup::start(spec)? {
            setup::Started::Match(state, events) => {
                setup::check_refusal(spec, None)?;
                Ok(Some((*state, events)))
            }
            setup::Started::Refused(violations) => {
                setup::check_refusal(spec, Some(&violations))?;
                if !scenario.steps.is_empty() || scenario.expect.is_some() {
                    return Err("a scenario whose decks are refused has no steps or [expect]".into());
                }
                Ok(None)
            }
        },
        (None, Some(position)) => position::build(position).map(Some),
        _ => Err("a scenario has exactly one of [setup] and [position]".into()),
    }
}

fn run(scenario: &Scenario) -> Result<(), String> {
    let Some((mut state, opening)) = start(scenario)? else { return Ok(()) };
    let opening = serde_json::to_value(opening.for_viewer(Viewer::Spectator)).unwrap();
    let mut all_events = opening.as_array().cloned().unwrap_or_default();
    for (i, step) in scenario.steps.iter().enumerate() {
        let at = format!("step {} ({:?})", i + 1, step.seat);
        if step.rule.is_some() && step.reject.is_none() {
            // A check that can never run would pass whatever it says (issue 45).
            return Err(format!("{at}: `rule` names the rule a rejection cites, so it needs `reject`"));
        }
        let intent = resolve_intent(&state, step.seat, &step.intent).map_err(|e| format!("{at}: {e}"))?;
        let before = crate::api::state_hash(&state);
        match (apply(&mut state, step.seat, &intent), &step.reject) {
            (Ok(events), None) => {
                let events = serde_json::to_value(events.for_viewer(Viewer::Spectator)).unwrap();
                let events = events.as_array().cloned().unwrap_or_default();
                if let Some(expect) = &step.expect {
                    expect::check(&state, expect, &events).map_err(|e| format!("{at}: {e}"))?;
                }
                all_events.extend(events);
            }
            (Ok(_), Some(code)) => {
                return Err(format!("{at}: expected rejection {code}, but it was accepted"));
            }
            (Err(r), None) => return Err(format!("{at}: rejected: {r}")),
            (Err(r), Some(code)) => {
                if r.code != code {
                    return Err(format!("{at}: expected rejection {code}, got {r}"));
                }
                if step.rule.as_ref().is_some_and(|rule| rule != r.rule) {
                    return Err(format!(
                        "{at}: expected the rejection to cite {}, got {r}",
                        step.rule.as_ref().unwrap()
                    ));
                }
                if crate::api::state_hash(&state) != before {
                    return Err(format!("{at}: a rejected intent changed the state"));
                }
                // A refused step's `expect` reads the unchanged state; a refusal has no events.
                if let Some(expect) = &step.expect {
                    expect::check(&state, expect, &[]).map_err(|e| format!("{at}: {e}"))?;
                }
            }
        }
    }
    if let Some(expect) = &scenario.expect {
        expect::check(&state, expect, &all_events)?;
    }
    Ok(())
}

/// `choose_card` with a card's name: the first of the seat's options (`legal_intents`, the cards it may see and
/// choose: its hand, a searched deck, its discard) that is that card. Handles change whenever a card moves or a
/// deck is shuffled, so a file names the card instead.
fn choose_card_by_name(state: &MatchState, seat: Seat, json: &mut serde_json::Value) -> Result<(), String> {
    let Some(serde_json::Value::String(name)) = json.get("card").cloned() else { return Ok(()) };
    let wanted = crate::cards::catalogue().find(&name).ok_or_else(|| format!("no card named {name:?}"))?;
    let options: Vec<crate::ids::CardId> = crate::api::legal_intents(state, seat)
        .into_iter()
        .filter_map(|i| match i {
            Intent::ChooseCard { card } => Some(card),
            _ => None,
        })
        .collect();
    // Not an option: one of the seat's own cards of that name, so that a step can show the engine refusing it.
    let p = state.player(seat);
    let own = || [&p.hand, &p.discard, &p.deck, &p.bench].into_iter().flatten().rev().map(|c| c.id);
    let card =
        options.iter().copied().chain(own()).find(|id| card_def(state, *id) == Some(wanted)).ok_or_else(|| {
            let names: Vec<&str> = options.iter().filter_map(|id| card_def(state, *id)).map(|d| d.name()).collect();
            format!("no {name} among {seat:?}'s cards to choose ({names:?}) or in its hand, discard or deck")
        })?;
    json["card"] = serde_json::json!(card.0);
    Ok(())
}

/// The catalogue entry of the card with handle `id`, wherever it is.
fn card_def(state: &MatchState, id: crate::ids::CardId) -> Option<crate::cards::CardDefId> {
    (0..state.table().seat_count()).filter_map(Seat::from_index).find_map(|seat| {
        let p = state.player(seat);
        let field =
            p.field.iter().flat_map(|h| [&h.card].into_iter().chain(&h.gems).chain(&h.blend).chain(&h.attached));
        let zones = [&p.hand, &p.deck, &p.discard, &p.bench, &p.meter].into_iter().flatten();
        field.chain(zones).find(|c| c.id == id).map(|c| c.def)
    })
}

/// Turns a scenario intent into an engine intent, replacing card names by the handles the seat can see.
fn resolve_intent(state: &MatchState, seat: Seat, raw: &toml::Value) -> Result<Intent, String> {
    let mut json = serde_json::to_value(raw).map_err(|e| e.to_string())?;
    let view = view_for(state, Viewer::Seat(seat));
    let me = &view.players[seat.index()];
    if let Some(obj) = json.as_object_mut() {
        // A `gem` by name is one on the step's `hero`.
        let hero = obj.get("hero").and_then(|h| h.as_str()).map(str::to_owned);
        let gems =
            me.heroes.iter().find(|h| hero.as_deref().is_some_and(|p| p.eq_ignore_ascii_case(h.position.label())));
        let (hand, bench) = (me.hand.as_deref().unwrap_or(&[]), me.bench.as_deref().unwrap_or(&[]));
        // A `card` answering an effect may be a bench hero (a substitution's `substitute_in`).
        let zones: [(&str, [&[crate::event::CardView]; 2], &str); 3] = [
            ("card", [hand, bench], "hand or bench"),
            ("bench", [bench, &[]], "bench"),
            ("gem", [gems.map(|h| h.gems.as_slice()).unwrap_or(&[]), &[]], "hero's gems"),
        ];
        // `choose_card` names a card among its options, whatever zone they are in (`choose_card_by_name`).
        let zones =
            if obj.get("type").and_then(|t| t.as_str()) == Some("choose_card") { &zones[..0] } else { &zones[..] };
        for &(field, zone, zone_name) in zones {
            if let Some(serde_json::Value::String(name)) = obj.get(field).cloned() {
                // A scenario names the card (or its slug); the view holds the slug.
                let wanted = crate::cards::catalogue().find(&name).map(|d| d.def().id.as_str());
                let card = zone
                    .into_iter()
                    .flatten()
                    .find(|c| wanted == Some(c.card.slug()))
                    .ok_or_else(|| format!("no {name} in {seat:?}'s {zone_name}"))?;
                obj.insert(field.into(), serde_json::json!(card.id.0));
            }
        }
    }
    let kind = json.get("type").and_then(|t| t.as_str()).map(str::to_owned);
    if kind.as_deref() == Some("choose_card") {
        choose_card_by_name(state, seat, &mut json)?;
    }
    serde_json::from_value(json).map_err(|e| match kind {
        // An unknown kind is the scenario's mistake, never a rule's rejection: say which kind.
        Some(kind) if e.to_string().starts_with("unknown variant") => {
            format!("unknown intent type {kind:?}: the engine has no such intent ({e})")
        }
        None => "an intent needs a `type`".into(),
        Some(kind) => format!("not a {kind} intent: {e}"),
    })
}

#[cfg(test)]
mod format_tests;
#[cfg(test)]
mod tests;
