// Who may attack whom, as the server lists it: the declarations in `legal` and the engine's `attack_preview`
// (hero → defender seat, target, damage). No rules: MP-10's position relations are the engine's; the client only
// regroups its lists, for the attacker's buttons and for the target heroes on the defenders' boards.
import type { AttackerDecl } from "./gen/AttackerDecl";
import type { MatchView } from "./gen/MatchView";
import type { Position } from "./gen/Position";
import type { Seat } from "./gen/Seat";

/** One possible attack of one own hero, with what the engine says it deals now (null against a face-down hero). */
export interface AttackTarget {
  hero: Position;
  defender: Seat;
  target: Position;
  atk: number;
  def: number | null;
  damage: number | null;
}

/**
 * The seat a declaration or preview is against: its `defender` (the free-for-all, MP-10), else the only opponent
 * of the two-player game.
 */
export function defenderOf(x: { defender?: Seat | null }, soleOpponent: Seat): Seat {
  return x.defender ?? soleOpponent;
}

/** The two-player game's one opponent of `me` (a free-for-all names every defender, so this is never read there). */
export function soleOpponent(view: MatchView, me: Seat): Seat {
  return view.players.find((p) => p.seat !== me)?.seat ?? me;
}

/** The engine's preview as attack targets, each with its defending seat. */
export function previewTargets(view: MatchView, me: Seat): AttackTarget[] {
  const opp = soleOpponent(view, me);
  return (view.attack_preview ?? []).map((p) => ({
    hero: p.hero, defender: defenderOf(p, opp), target: p.target, atk: p.atk, def: p.def, damage: p.damage,
  }));
}

/** For each defending seat and each of its heroes, the own heroes that may attack it (the target highlights). */
export function targetsByDefender(targets: readonly AttackTarget[]): Map<Seat, Map<Position, AttackTarget[]>> {
  const out = new Map<Seat, Map<Position, AttackTarget[]>>();
  for (const t of targets) {
    const board = out.get(t.defender) ?? new Map<Position, AttackTarget[]>();
    board.set(t.target, [...(board.get(t.target) ?? []), t]);
    out.set(t.defender, board);
  }
  return out;
}

/** The damage each defender takes if every drafted hit is taken, from the preview; null parts are face down. */
export function draftByDefender(draft: readonly AttackerDecl[], targets: readonly AttackTarget[], soleOpp: Seat): Map<Seat, { known: number; unknown: number }> {
  const out = new Map<Seat, { known: number; unknown: number }>();
  for (const a of draft) {
    const defender = defenderOf(a, soleOpp);
    const t = targets.find((p) => p.hero === a.hero && p.target === a.target && p.defender === defender);
    const sum = out.get(defender) ?? { known: 0, unknown: 0 };
    if (t && t.damage !== null) sum.known += t.damage;
    else sum.unknown += 1;
    out.set(defender, sum);
  }
  return out;
}
