// Event log lines, phrased from the viewer's side ("You", "Opponent", or display names).
import type { Event } from "./gen/Event";
import type { Seat } from "./gen/Seat";
import { cardName } from "./cardname";
import { ordinal } from "./ffa";

export type SeatNames = Record<Seat, string>;

export function seatNames(me: Seat | null, display?: Partial<Record<Seat, string>>): SeatNames {
  const name = (s: Seat) => (s === me ? "You" : display?.[s] ?? (me ? "Opponent" : `Player ${s}`));
  // Every seat a table can have (issue 16); a two-player match names only A and B.
  return { A: name("A"), B: name("B"), C: name("C"), D: name("D"), E: name("E"), F: name("F") };
}

export function describeEvent(e: Event, n: SeatNames): string {
  switch (e.type) {
    case "turn_order_chooser": return `${n[e.seat]} choose${s(n, e.seat)} the turn order.`;
    case "turn_order_chosen": return `${n[e.chooser]} chose: ${n[e.first]} go${n[e.first] === "You" ? "" : "es"} first.`;
    case "hand_dealt": return `${n[e.seat]} drew a hand of ${e.count}.`;
    case "mulligan": return e.mulligan ? `${n[e.seat]} took a mulligan.` : `${n[e.seat]} kept ${n[e.seat] === "You" ? "your" : "their"} hand.`;
    case "heroes_revealed": return "Heroes are revealed.";
    case "turn_started": return `Turn ${e.turn}: ${n[e.seat]}${e.first_turn ? " (first turn)" : ""}.`;
    case "card_drawn": return `${n[e.seat]} drew ${e.card ? cardName(e.card) : "a card"}.`;
    case "decked_out": return `${n[e.seat]} cannot draw: the deck is empty.`;
    case "gem_equipped": return `${n[e.seat]} equipped ${cardName(e.gem)} to the ${e.hero} hero${e.allotted ? "" : " (extra)"}.`;
    case "blended": return `${n[e.seat]} blended the ${e.hero} hero into ${cardName(e.blend)}.`;
    case "deblended": return `${poss(n, e.seat, true)} ${e.hero} hero deblended from ${cardName(e.blend)} (${e.reason.replace(/_/g, " ")}).`;
    case "discarded": return `${n[e.seat]} discarded ${cardName(e.card)}.`;
    case "action_played": return `${n[e.seat]} played ${cardName(e.action)}.`;
    case "action_resolved": return `${cardName(e.action)} ${e.prevented ? "was prevented" : "resolved"}.`;
    case "attack_declared": return `${n[e.seat]} attack${s(n, e.seat)}: ${e.attackers.map((a) => `${a.hero} → ${a.defender ? `${poss(n, a.defender)} ` : ""}${a.target}`).join(", ")}.`;
    case "attacker_dropped": return `${poss(n, e.seat, true)} ${e.hero} hero no longer attacks.`;
    case "attack_damage_calculated": return `${poss(n, e.seat, true)} ${e.attacker} (ATK ${e.atk}) vs ${defended(e, n)}${e.target} (DEF ${e.def}): ${e.damage} damage.`;
    case "deblended_to_block": return `${n[e.seat]} deblended the ${e.hero} hero to block the ${e.attacker} attacker.`;
    case "damage": return `${n[e.seat]} took ${e.amount} damage${e.attack ? " from an attack" : ""} (HP ${e.hp}).`;
    case "hp_gained": return `${n[e.seat]} gained ${e.amount} HP (HP ${e.hp}).`;
    case "attack_ended": return "The attack ends.";
    case "additional_attack": return `${poss(n, e.seat, true)} ${e.attacker} hero attacks the ${e.target} hero again.`;
    case "additional_attack_forgone": return `${poss(n, e.seat, true)} ${e.attacker} hero forgoes its additional attack.`;
    case "round_lost": return `${n[e.seat]} lost round ${e.round} (rounds won ${e.rounds_won[0]}–${e.rounds_won[1]}).`;
    case "round_started": return `Round ${e.round} begins.`;
    case "substituted": return `${n[e.seat]} substituted ${cardName(e.incoming)} for ${cardName(e.outgoing)} in the ${e.hero} position.`;
    case "end_phase": return `${poss(n, e.seat, true)} turn ends.`;
    case "effect_resolving": return `${poss(n, e.seat, true)} ${e.card} effect resolves.`;
    case "effect_used": return `${n[e.seat]} used the effect of ${e.card} (${e.hero} hero).`;
    case "card_revealed": return `${n[e.seat]} revealed ${e.card} from the top of the deck and ${e.kept ? "kept it" : "discarded it"}.`;
    case "searched": return e.card ? `${n[e.seat]} searched the deck and took ${e.card}.` : `${n[e.seat]} searched the deck and took nothing.`;
    case "deck_shuffled": return `${poss(n, e.seat, true)} deck was shuffled.`;
    case "returned_to_hand": return `${e.card} returned to ${poss(n, e.seat)} hand.`;
    case "switched": return `${n[e.seat]} switched the ${e.a} and ${e.b} heroes.`;
    case "rotated": return `${poss(n, e.seat, true)} heroes rotated ${e.clockwise ? "clockwise" : "counter-clockwise"}.`;
    case "arranged": return `${n[e.seat]} arranged the heroes: ${e.heroes.map((h) => cardName(h)).join(", ")} (left to back).`;
    case "attached": return `${cardName(e.card)} was attached to ${poss(n, e.seat)} ${e.hero} hero.`;
    case "level_changed": return `${poss(n, e.seat, true)} ${e.hero} hero is now LV ${e.level}.`;
    case "effect_removed": return `${poss(n, e.seat, true)} ${e.hero} hero lost its effect.`;
    case "effect_copied": return `${poss(n, e.seat, true)} ${e.hero} hero copied the effect of ${e.card}.`;
    case "inverted": return `${poss(n, e.seat, true)} ${e.hero} hero was inverted (written ATK and DEF switched for the turn).`;
    case "attack_blocked": return `${poss(n, e.seat, true)} ${e.attacker} attacker was blocked: its damage is 0.`;
    case "conceded": return `${n[e.seat]} conceded.`;
    // Issue 44: the board is as before that action (docs/protocol.md, "Takeback").
    case "took_back": return `${n[e.seat]} took back ${n[e.seat] === "You" ? "your" : "their"} last action.`;
    case "game_over": return `Game over: ${n[e.winner]} win${s(n, e.winner)} (${e.reason.replace(/_/g, " ")}).`;
    // The free-for-all's two events (MP-20, MP-24), worded in one place.
    case "meter_emptied":
    case "eliminated": return describeFfaEvent(e, n);
    default: {
      const never: never = e;
      return String((never as { type: string }).type);
    }
  }
}

/** The free-for-all's events (MP-20, MP-24), which the two-player game never sends. */
function describeFfaEvent(e: Extract<Event, { type: "eliminated" | "meter_emptied" }>, n: SeatNames): string {
  switch (e.type) {
    case "eliminated": {
      const why = e.reason === "concession" ? " (conceded)" : "";
      return `${n[e.seat]} ${n[e.seat] === "You" ? "are" : "is"} out${why}: ${ordinal(e.place)} place.`;
    }
    case "meter_emptied": return `${poss(n, e.seat, true)} action meter emptied (HP under ${e.below}).`;
  }
}

/** "Carol’s " before a target in the free-for-all, where the damage names its defender (MP-10); else nothing. */
function defended(e: { defender?: Seat | null }, n: SeatNames): string {
  return e.defender ? `${poss(n, e.defender)} ` : "";
}

/** Third-person "s" for verbs: "Opponent chooses" but "You choose". */
function s(n: SeatNames, seat: Seat): string {
  return n[seat] === "You" ? "" : "s";
}

function poss(n: SeatNames, seat: Seat, capital = false): string {
  if (n[seat] === "You") return capital ? "Your" : "your";
  return `${n[seat]}’s`;
}

/** A stretch of the log under one heading: the setup before the first turn, then one group per turn. */
export interface LogGroup {
  title: string;
  lines: string[];
}

/** Groups log lines by turn: each `turn_started` opens a group titled by its turn and player. */
export function groupByTurn(events: Event[], n: SeatNames): LogGroup[] {
  const groups: LogGroup[] = [];
  for (const e of events) {
    if (e.type === "turn_started") {
      groups.push({ title: `Turn ${e.turn} · ${n[e.seat]}${e.first_turn ? " (first turn)" : ""}`, lines: [] });
      continue;
    }
    if (!groups.length) groups.push({ title: "Setup", lines: [] });
    groups[groups.length - 1]!.lines.push(describeEvent(e, n));
  }
  return groups;
}
