// Mount points of the organizer's console: other tools (penalties, the judge view, computer players, ...) add
// their per-table and per-player actions here, one line each. `run` confirms an action and offers its undo
// (actions.tsx); a component that needs neither may call the API itself.
import type { EventView, RoundView, TableView } from "../../tournament";
import type { Run } from "./actions";

export interface TableMountProps { ev: EventView; round: RoundView; table: TableView; name: (p: string) => string; run: Run }
export interface PlayerMountProps { ev: EventView; player: string; name: (p: string) => string; run: Run }
export interface ConsoleMountProps { ev: EventView; name: (p: string) => string; run: Run }

/** Per-table actions, after the table's own (tables.tsx). */
export function TableMounts(_: TableMountProps) {
  return <></>;
}

/** Per-player actions in the organizer's player list, after drop / re-add (players.tsx). */
export function PlayerMounts(_: PlayerMountProps) {
  return <></>;
}

/** Whole-event tools at the end of the console (announcements, computer players, ...). */
export function ConsoleMounts(_: ConsoleMountProps) {
  return <></>;
}
