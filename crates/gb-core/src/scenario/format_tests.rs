//! The format additions of issue 48: a card chosen by name, one copy of each hero (CR 101.2), test cards only when
//! asked for, the turn number, the action meter's stars.
use super::run_text;
use super::tests::PLAIN_POSITION;

fn failure(position: &str, rest: &str) -> Option<String> {
    run_text(&format!("name = \"format\"\n{position}\n{rest}")).failure
}

/// CR 101.2: a field (with the bench) holds one copy of each hero; a position that breaks it is refused, naming it.
#[test]
fn the_same_hero_twice_is_refused() {
    let twice = PLAIN_POSITION.replacen("right = { hero = \"Devin\" }", "right = { hero = \"carter\" }", 1);
    let why = failure(&twice, "").unwrap();
    assert!(
        why.contains("position.b: carter is written twice among the heroes and bench") && why.contains("CR 101.2"),
        "{why}"
    );
    let benched =
        PLAIN_POSITION.replacen("[position.b.heroes]", "[position.b]\nbench = [\"Devin\"]\n[position.b.heroes]", 1);
    assert!(failure(&benched, "").unwrap().contains("Devin is written twice"));
    assert_eq!(failure(PLAIN_POSITION, ""), None);
}

/// `turn` sets the turn number; one the active player could not be taking, or a first turn that `first_turn`
/// denies, is refused (CR 200.8, 200.9).
#[test]
fn a_position_sets_the_turn_number() {
    let at = |extra: &str| PLAIN_POSITION.replacen("active = \"A\"", &format!("active = \"A\"\n{extra}"), 1);
    // Two seats, B first: A's turns are 2, 4, 6 …
    assert_eq!(failure(&at("turn = 8"), "[expect]\n\"turn\" = 8\n\"first_turn\" = false\n"), None);
    let odd = failure(&at("turn = 7"), "").unwrap();
    assert!(odd.contains("turn = 7") && odd.contains("A's turns are 2, 4, 6"), "{odd}");
    let first = failure(&at("turn = 2"), "").unwrap();
    assert!(first.contains("turn = 2 is a first turn, but first_turn = false"), "{first}");
    assert_eq!(failure(&at("turn = 1\nfirst_turn = true"), "[expect]\n\"turn\" = 1\n"), None);
    let wrong = failure(&at("turn = 8"), "[expect]\n\"turn\" = 6\n").unwrap();
    assert!(wrong.contains("turn: expected 6, got 8"), "{wrong}");
}

/// `.stars` sums the stars of a list of cards (the action meter's, CR 303.2).
#[test]
fn the_action_meters_stars_have_a_path() {
    let meter = PLAIN_POSITION.replacen(
        "[position.a.heroes]",
        "[position.a]\nmeter = [\"Invert\", \"Block Attack\", \"Rotate\"]\n[position.a.heroes]",
        1,
    );
    assert_eq!(failure(&meter, "[expect]\n\"a.action_meter.stars\" = 3\n\"players.0.action_meter.stars\" = 3\n"), None);
    let wrong = failure(&meter, "[expect]\n\"a.action_meter.stars\" = 4\n").unwrap();
    assert!(wrong.contains("a.action_meter.stars: expected 4 stars, got 3"), "{wrong}");
}

/// A test card is named only by a file that asks for them; deck lists never find one (`cards::test_cards`).
#[test]
fn test_cards_only_when_asked() {
    let hand = PLAIN_POSITION.replacen(
        "[position.a.heroes]",
        "[position.a]\nhand = [\"Test Mender\"]\n[position.a.heroes]",
        1,
    );
    let unasked = failure(&hand, "").unwrap();
    assert!(unasked.contains("no card named \"Test Mender\""), "{unasked}");
    assert_eq!(run_text(&format!("name = \"x\"\ntest_cards = true\n{hand}")).failure, None);
    let _guard = crate::cards::test_cards::allow(false);
    assert_eq!(crate::cards::catalogue().find("Test Mender"), None);
    assert!(crate::cards::catalogue().find("Rotate").is_some());
}

/// `choose_card` by name picks the option of that name, wherever it is (a searched deck); a card that is no option
/// is still handed to the engine to refuse; a name nowhere is the file's mistake.
#[test]
fn a_card_to_choose_is_named() {
    let deck = PLAIN_POSITION.replacen(
        "[position.a.heroes]",
        "[position.a]\ndeck = [\"Stun\", \"Rotate\"]\nhand = [\"Aquagem\"]\n[position.a.heroes]",
        1,
    );
    let steps = |card: &str, outcome: &str| {
        format!(
            "[[step]]\nseat = \"A\"\nintent = {{ type = \"use_effect\", hero = \"center\" }}\n\
             [[step]]\nseat = \"A\"\nintent = {{ type = \"choose_card\", card = \"Aquagem\" }}\n\
             [[step]]\nseat = \"A\"\nintent = {{ type = \"choose_card\", card = \"{card}\" }}\n{outcome}"
        )
    };
    assert_eq!(failure(&deck, &steps("Rotate", "[expect]\n\"a.hand\" = [\"Rotate\"]\n")), None);
    assert_eq!(failure(&deck, &steps("Stun", "reject = \"not_an_option\"\n")), None);
    let nowhere = failure(&deck, &steps("Invert", "")).unwrap();
    assert!(nowhere.contains("no Invert among A's cards to choose"), "{nowhere}");
}
