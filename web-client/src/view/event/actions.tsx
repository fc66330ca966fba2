// How the console changes an event: every action that changes results or the roster is confirmed first (a
// dialog saying what will change), then a toast offers its undo ("Ada dropped — Undo"). An undo is a new entry
// in the log (a correction, a re-add, a drop), audited like any other: nothing is erased.
import { useEffect, useRef, useState } from "preact/hooks";
import type { Undo } from "../../console";
import { type EventView, tournaments } from "../../tournament";

/** One action as the console plans it: what the dialog says, the call, and its undo (null: none). */
export interface Planned {
  title: string;
  detail: string;
  call: () => Promise<EventView>;
  undo?: Undo | null;
  /** Ask before doing it (default). Undoing from a toast does not ask again. */
  confirm?: boolean;
}

export type Run = (p: Planned) => void;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The server call that takes `u` back, with its reason in the audit log. */
export function undoCall(eventId: string, u: Undo): () => Promise<EventView> {
  const reason = `undo: ${u.what}`;
  switch (u.kind) {
    case "restore": return () => tournaments.correct(eventId, u.round, u.table, u.result, reason);
    case "readd": return () => tournaments.readd(eventId, u.player, reason);
    case "drop": return () => tournaments.drop(eventId, u.player, reason);
  }
}

/** What an undo does, in the confirmation's words. */
export function undoText(u: Undo, name: (p: string) => string): string {
  switch (u.kind) {
    case "restore": return `Round ${u.round}, table ${u.table} gets back the result it had before; standings change with it.`;
    case "readd": return `${name(u.player)} is back in the event from the next round.`;
    case "drop": return `${name(u.player)} is dropped from the next round on.`;
  }
}

export function useActions(ev: EventView | null, onChange: (e: EventView) => void) {
  const [pending, setPending] = useState<Planned | null>(null);
  const [toast, setToast] = useState<{ text: string; undo: Undo | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const perform = (p: Planned) => {
    setBusy(true);
    setError(null);
    p.call().then(
      (e) => { setBusy(false); setPending(null); if (p.title) setToast({ text: p.undo?.what ?? p.title, undo: p.undo ?? null }); onChange(e); },
      (e: unknown) => { setBusy(false); setPending(null); setError(message(e)); },
    );
  };
  const run: Run = (p) => {
    setError(null);
    if (p.confirm === false) perform(p);
    else setPending(p);
  };
  const undo = (u: Undo) => ev && perform({ title: `Undone: ${u.what}`, detail: "", call: undoCall(ev.id, u), undo: null, confirm: false });
  const ui = (
    <>
      {pending ? <ConfirmDialog p={pending} busy={busy} onYes={() => perform(pending)} onNo={() => setPending(null)} /> : null}
      {toast ? <Toast text={toast.text} undo={toast.undo ? () => { const u = toast.undo!; setToast(null); undo(u); } : null} onClose={() => setToast(null)} /> : null}
      {error ? <p class="error console-error" role="alert">{error}</p> : null}
    </>
  );
  return { run, ui };
}

function ConfirmDialog({ p, busy, onYes, onNo }: { p: Planned; busy: boolean; onYes: () => void; onNo: () => void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), [p]);
  return (
    <div class="dialog-backdrop">
      <div class="panel dialog" role="dialog" aria-modal="true" aria-labelledby="confirm-h" aria-describedby="confirm-d"
        onKeyDown={(e) => e.key === "Escape" && onNo()}>
        <h2 id="confirm-h">{p.title}?</h2>
        <p id="confirm-d">{p.detail}</p>
        {p.undo ? <p class="small muted">You can undo it afterwards; the undo is recorded too.</p> : null}
        <div class="row">
          <button ref={yes} type="button" class="primary" disabled={busy} onClick={onYes}>Confirm</button>
          <button type="button" disabled={busy} onClick={onNo}>Cancel</button>
        </div>
      </div>
    </div>
  );
}

function Toast({ text, undo, onClose }: { text: string; undo: (() => void) | null; onClose: () => void }) {
  useEffect(() => {
    const t = setTimeout(onClose, 20_000);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <div class="toast no-print" role="status">
      <span data-testid="toast">{text}</span>
      {undo ? <button type="button" onClick={undo}>Undo</button> : null}
      <button type="button" class="ghost" aria-label="Dismiss" onClick={onClose}>×</button>
    </div>
  );
}
