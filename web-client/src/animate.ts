// What the board shows happening this turn and the one before (so the opponent's turn is still on the board when
// yours begins), from the events the viewer received (live updates or replay steps):
// a pure mapping from engine events to marks on the board, so the opponent's turn is seen and not only logged.
// No rules: every number shown comes from an event (damage, HP); the client only decides where to show it.
// Each mark has a stable key (version and place in the log), so it animates once, when it arrives.
import type { Position } from "./gen/Position";
import type { Seat } from "./gen/Seat";
import type { LogEntry } from "./state";
import { cardName } from "./cardname";

/**
 * Where a mark is drawn: the viewer's side ("me", at the bottom), the two-player opponent's ("opp"), or in the
 * free-for-all the seat whose side it is (every opponent has their own).
 */
export type Side = "me" | "opp" | Seat;

/** A mark on one hero: what just happened to it. */
export interface HeroFx {
  key: string;
  side: Side;
  hero: Position;
  kind: "gem" | "blend" | "deblend" | "move" | "substitute" | "invert";
  label: string;
  /** From the turn before the current one: drawn dimmed. */
  past: boolean;
}

/** An attack arrow from an attacker to the hero it attacks, with its damage once calculated (CR 204.3). */
export interface ArrowFx {
  key: string;
  from: Side;
  hero: Position;
  target: Position;
  damage: number | null;
  /** The defender's side in the free-for-all (MP-10); in the two-player game the side facing `from`. */
  to?: Side;
  /** A planned attack (the attacker's draft), not one that happened. */
  draft?: boolean;
  /** The attack has ended; the arrow stays, dimmed, until the next attack or the turn after next. */
  ended: boolean;
  past: boolean;
}

/** Something on a player's bar: an HP change, or a card leaving the hand or entering the action meter. */
export interface BarFx {
  key: string;
  side: Side;
  kind: "hp" | "played" | "meter";
  label: string;
  past: boolean;
}

export interface BoardFx {
  heroes: HeroFx[];
  arrows: ArrowFx[];
  bars: BarFx[];
}

export const NO_FX: BoardFx = { heroes: [], arrows: [], bars: [] };

const POSITIONS: Position[] = ["left", "center", "right", "back"];

/** The log entries of the turn in progress and the one before: from the second newest `turn_started` on. */
export function recentTurns(log: readonly LogEntry[]): { entry: LogEntry; index: number }[] {
  let start = 0;
  for (let i = log.length - 1, seen = 0; i >= 0; i--) {
    if (log[i]!.event.type === "turn_started" && ++seen === 2) { start = i; break; }
  }
  return log.slice(start).map((entry, i) => ({ entry, index: start + i }));
}

/**
 * The marks for the recent turns' events, drawn from the side of `me` (the bottom of the board); `ffa`: every
 * opponent is their own side and arrows say whose hero they point at.
 */
export function boardFx(log: readonly LogEntry[], me: Seat, ffa = false): BoardFx {
  const side = (s: Seat): Side => (s === me ? "me" : ffa ? s : "opp");
  // The free-for-all's declarations and damage name the defender (MP-10); the two-player ones have none.
  const to = (defender: Seat | null | undefined): { to?: Side } => (ffa && defender ? { to: side(defender) } : {});
  const fx: BoardFx = { heroes: [], arrows: [], bars: [] };
  for (const { entry: { v, event: e }, index } of recentTurns(log)) {
    if (e.type === "turn_started") {
      // Everything so far belongs to an earlier turn.
      for (const m of [...fx.heroes, ...fx.arrows, ...fx.bars]) m.past = true;
      continue;
    }
    if (e.type === "took_back") {
      // A takeback undoes the newest action before it (docs/protocol.md, "Takeback"): its marks go with it.
      const version = (m: { key: string }) => Number(m.key.split(":")[0]);
      const last = Math.max(-1, ...[...fx.heroes, ...fx.arrows, ...fx.bars].map(version));
      fx.heroes = fx.heroes.filter((m) => version(m) !== last);
      fx.arrows = fx.arrows.filter((m) => version(m) !== last);
      fx.bars = fx.bars.filter((m) => version(m) !== last);
      continue;
    }
    let n = 0;
    // The version and the event's place in the log: unique across a reload's restored log too.
    const key = () => `${v}:${index}:${n++}`;
    const hero = (s: Seat, pos: Position, kind: HeroFx["kind"], label: string) => fx.heroes.push({ key: key(), side: side(s), hero: pos, kind, label, past: false });
    const bar = (s: Seat, kind: BarFx["kind"], label: string) => fx.bars.push({ key: key(), side: side(s), kind, label, past: false });
    switch (e.type) {
      case "gem_equipped":
        hero(e.seat, e.hero, "gem", `+ ${cardName(e.gem)}`);
        // `allotted`: the turn's one gem played from the hand (CR 301.2); otherwise an effect equipped it.
        if (e.allotted) bar(e.seat, "played", `played ${cardName(e.gem)}`);
        break;
      case "blended":
        hero(e.seat, e.hero, "blend", `blended into ${cardName(e.blend)}`);
        bar(e.seat, "played", `played ${cardName(e.blend)}`);
        break;
      case "deblended":
        hero(e.seat, e.hero, "deblend", `${cardName(e.blend)} deblended`);
        break;
      case "deblended_to_block":
        hero(e.seat, e.hero, "deblend", `deblended to block ${e.attacker}`);
        break;
      case "action_played":
        bar(e.seat, "played", `played ${cardName(e.action)}`);
        bar(e.seat, "meter", cardName(e.action));
        break;
      case "switched":
        hero(e.seat, e.a, "move", `switched with ${e.b}`);
        hero(e.seat, e.b, "move", `switched with ${e.a}`);
        break;
      case "rotated":
        for (const p of POSITIONS) hero(e.seat, p, "move", e.clockwise ? "rotated ↻" : "rotated ↺");
        break;
      case "arranged":
        for (const p of POSITIONS) hero(e.seat, p, "move", "arranged");
        break;
      case "attached":
        hero(e.seat, e.hero, "blend", `${cardName(e.card)} attached`);
        break;
      case "substituted":
        hero(e.seat, e.hero, "substitute", `${cardName(e.incoming)} in for ${cardName(e.outgoing)}`);
        break;
      case "inverted":
        hero(e.seat, e.hero, "invert", "inverted");
        break;
      case "attack_declared":
        // A new attack replaces the arrows of an earlier one this turn.
        fx.arrows = e.attackers.map((a) => ({ key: key(), from: side(e.seat), hero: a.hero, target: a.target, ...to(a.defender), damage: null, ended: false, past: false }));
        break;
      case "attack_damage_calculated": {
        // The declared arrow gains its number (a log cut short by its limit may have lost the declaration).
        const from = side(e.seat);
        const aim = to(e.defender);
        const known = fx.arrows.find((a) => a.from === from && a.hero === e.attacker && a.target === e.target && a.to === aim.to);
        if (known) known.damage = e.damage;
        else fx.arrows.push({ key: key(), from, hero: e.attacker, target: e.target, ...aim, damage: e.damage, ended: false, past: false });
        break;
      }
      case "attack_ended": {
        for (const a of fx.arrows) a.ended = true;
        break;
      }
      case "attack_blocked":
        // Block Attack: that attacker's damage became 0 (`seat` is the attacker's).
        for (const a of fx.arrows) if (a.from === side(e.seat) && a.hero === e.attacker) a.damage = 0;
        break;
      case "damage":
        bar(e.seat, "hp", `−${e.amount} HP`);
        break;
      default:
        break;
    }
  }
  return fx;
}
