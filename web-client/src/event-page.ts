// What the event page and its print pages show, pure: the event's format in words, and pairings sorted for the
// printed lists (by table, alphabetically by name), slips and the player-meeting seating.
import type { EventView, Standings } from "./tournament";

/** The format panel's lines: what a player needs to know before registering. */
export function formatDetails(ev: EventView): [string, string][] {
  const s = ev.log.settings;
  const st = s.structure;
  const games = s.games_per_match === 1 ? "One game" : `Best of ${s.games_per_match}`;
  const chooser = s.games_per_match > 1 ? (s.next_game_chooser === "winner" ? "; the previous game's winner chooses who goes first" : "; the previous game's loser chooses who goes first") : "";
  const rounds = st.kind === "single_elimination" ? "None: single elimination"
    : typeof st.rounds === "number" ? String(st.rounds)
    : ev.swiss_rounds !== null ? `${ev.swiss_rounds} (set by the number of players)` : "Set by the number of players at round 1";
  const cut = st.kind === "single_elimination" ? "Everyone, single elimination" : st.top_cut ? `Top ${st.top_cut}, single elimination` : "None";
  const clock = s.round_seconds ? `${s.round_seconds} seconds a round` : `${s.round_minutes} minute${s.round_minutes === 1 ? "" : "s"} a round, then ${s.end_of_round.extra_turns} extra turns`;
  const first = ev.rounds[0];
  const start = first ? `Round 1 paired at ${new Date(first.started_at_ms).toLocaleString()}` : "When the organizer pairs round 1";
  const checkIn = s.check_in ? "Required before round 1 (whoever has not checked in is dropped)" : "Not required";
  const lists = s.deck_lists === "all" ? "All published after the event" : s.deck_lists === "top_cut" ? "The top cut's published after the event" : "Private";
  return [
    ["Games per match", games + chooser], ["Swiss rounds", rounds], ["Top cut", cut], ["Round clock", clock], ["Start", start],
    ["Check-in", checkIn], ["Late entries", `Until round ${s.late_entry_until_round ?? 2}`], ["Deck lists", `${lists}; none is shown while the event runs`],
  ];
}

export interface PairingLine { table: number | null; player: string; opponent: string | null; points: number; opponentPoints: number | null }

/** The latest round's pairings, one line per player: by table (first seat first), then byes. */
export function pairingLines(ev: EventView, standings: Standings | null, name: (p: string) => string): { byTable: PairingLine[]; byName: PairingLine[] } {
  const round = ev.rounds[ev.rounds.length - 1];
  if (!round) return { byTable: [], byName: [] };
  const points = (p: string) => standings?.players.find((s) => s.player === p)?.match_points ?? 0;
  const lines: PairingLine[] = [];
  for (const t of round.tables) {
    for (const [me, them] of [[t.players[0], t.players[1]], [t.players[1], t.players[0]]] as const) {
      lines.push({ table: t.table, player: me, opponent: them, points: points(me), opponentPoints: points(them) });
    }
  }
  for (const b of round.byes) lines.push({ table: null, player: b, opponent: null, points: points(b), opponentPoints: null });
  const byTable = lines.filter((l, i) => l.table === null || i % 2 === 0);
  const byName = [...lines].sort((a, b) => name(a.player).localeCompare(name(b.player), undefined, { sensitivity: "base" }));
  return { byTable, byName };
}

/** The player meeting's seating: everyone still in the event, alphabetically, two to a table. */
export function seatings(ev: EventView, name: (p: string) => string, active: (p: string) => boolean): { seat: number; table: number; player: string }[] {
  return ev.log.players
    .map((p) => p.id)
    .filter(active)
    .sort((a, b) => name(a).localeCompare(name(b), undefined, { sensitivity: "base" }))
    .map((player, i) => ({ seat: i + 1, table: Math.floor(i / 2) + 1, player }));
}

/** An exact "num/den" fraction as a percentage with two decimals. */
export function percent(f: string): string {
  const [n, d] = f.split("/").map(Number);
  return d ? `${((100 * n!) / d).toFixed(2)}` : f;
}
