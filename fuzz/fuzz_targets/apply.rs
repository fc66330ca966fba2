//! `apply` on intents chosen by the input's bytes over a match the bytes set up (decks and seed): mostly legal
//! intents, with intents built from raw bytes (any seat, any card id, any position) mixed in. After every step:
//! the invariants hold, a refused intent changed nothing, `check` agrees with `apply`, and every listed intent
//! is accepted.
#![no_main]
use gb_core::invariants::{check_invariants, initial_cards};
use gb_core::{AttackerDecl, CardId, Intent, MatchSetup, MatchState, Position, Seat, apply, check, legal_intents};
use libfuzzer_sys::fuzz_target;

/// Reads the input a byte at a time; past the end it reads zeros.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let Some((&b, rest)) = self.0.split_first() else { return 0 };
        self.0 = rest;
        b
    }
    fn below(&mut self, n: usize) -> usize {
        let wide = u16::from_le_bytes([self.byte(), self.byte()]);
        usize::from(wide) % n.max(1)
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

fn seat(b: &mut Bytes) -> Seat {
    if b.byte() & 1 == 0 { Seat::A } else { Seat::B }
}

fn position(b: &mut Bytes) -> Position {
    Position::ALL[b.below(4)]
}

/// A card id from some zone of either player, or any number at all.
fn card(b: &mut Bytes, state: &MatchState) -> CardId {
    let mut ids = Vec::new();
    for s in [Seat::A, Seat::B] {
        let p = state.player(s);
        ids.extend(p.hand.iter().chain(&p.bench).chain(&p.discard).chain(p.deck.iter().take(3)).map(|c| c.id));
    }
    let pick = b.below(ids.len() + 1);
    ids.get(pick).copied().unwrap_or_else(|| CardId(u32::from(b.byte()) << 8 | u32::from(b.byte())))
}

/// Any intent at all, legal or not.
fn raw_intent(b: &mut Bytes, state: &MatchState) -> Intent {
    match b.below(21) {
        0 => Intent::ChooseTurnOrder { go_first: b.byte() & 1 == 0 },
        1 => Intent::Mulligan,
        2 => Intent::KeepHand,
        3 => Intent::PlayGem { card: card(b, state), hero: position(b) },
        4 => Intent::PlayBlend { card: card(b, state), hero: position(b) },
        5 => Intent::Deblend { hero: position(b) },
        6 => Intent::PlayAction { card: card(b, state) },
        7 => {
            let n = b.below(6);
            Intent::DeclareAttack {
                attackers: (0..n).map(|_| AttackerDecl { hero: position(b), target: position(b) }).collect(),
            }
        }
        8 => Intent::EndTurn,
        9 => Intent::Pass,
        10 => Intent::AcceptDamage,
        11 => Intent::DeblendToBlock,
        12 => Intent::Substitute { hero: position(b), bench: card(b, state) },
        13 => Intent::KeepHeroes,
        14 => Intent::UseEffect { hero: position(b) },
        15 => Intent::Accept,
        16 => Intent::Decline,
        17 => Intent::ChooseCard { card: card(b, state) },
        18 => Intent::ChooseHero { seat: seat(b), hero: position(b) },
        19 => Intent::ChooseDirection { clockwise: b.byte() & 1 == 0 },
        _ => Intent::Concede,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    // Parsed once: parsing four deck texts per input would cost more than a short match.
    static DECKS: std::sync::LazyLock<Vec<(&str, gb_core::DeckList)>> =
        std::sync::LazyLock::new(gb_core::decks::preconstructed);
    let decks = &*DECKS;
    let mut seed = [0u8; 8];
    seed.iter_mut().for_each(|x| *x = b.byte());
    let setup = MatchSetup {
        decks: [decks[b.below(decks.len())].1.clone(), decks[b.below(decks.len())].1.clone()],
        seed: u64::from_le_bytes(seed).into(),
        chooser: None,
    };
    let mut state = gb_core::new_match(&setup).expect("the shipped decks are legal");
    let initial = initial_cards(&state);
    // One step per few bytes of input: the match goes as far as the input does.
    while !b.is_empty() {
        let Some(owed) = gb_core::owed_seat(&state) else { break };
        let legal = legal_intents(&state, owed);
        assert!(!legal.is_empty(), "the owed seat {owed:?} has nothing to do");
        let (who, intent) = if b.byte() < 224 {
            (owed, legal[b.below(legal.len())].clone())
        } else {
            (seat(&mut b), raw_intent(&mut b, &state))
        };
        let listed = who == owed && legal.contains(&intent);
        // Listed intents are accepted (checked below); only others need the copy to compare a refusal against.
        let before = (!listed).then(|| state.clone());
        let checked = check(&state, who, &intent);
        match apply(&mut state, who, &intent) {
            Ok(_) => {
                assert!(checked.is_ok(), "applied what check refused: {intent:?} by {who:?}");
                if let Err(e) = check_invariants(&state, &initial) {
                    panic!("after {intent:?} by {who:?}: {e}");
                }
            }
            Err(r) => {
                assert!(!listed, "a listed intent was refused: {intent:?} ({})", r.code);
                assert!(
                    before.is_some_and(|b| b == state),
                    "a refused intent changed the state: {intent:?} ({})",
                    r.code
                );
                assert!(checked.is_err(), "check accepted what apply refused: {intent:?}");
            }
        }
    }
});
