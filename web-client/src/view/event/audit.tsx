// The audit log: every organizer override in order, players by name; for the organizer, the entries that can
// still be taken back offer their undo (console.ts `auditUndo`), confirmed like any other action.
import { auditUndo } from "../../console";
import { type AuditEntry, type EventView, auditText } from "../../tournament";
import { type Run, undoCall, undoText } from "./actions";

export function AuditList({ ev, audit, name, organizer, run }: { ev: EventView; audit: AuditEntry[]; name: (p: string) => string; organizer: boolean; run: Run }) {
  const who = (p: string) => (p === ev.organizer_id ? "Organizer" : name(p));
  return (
    <section class="panel" aria-labelledby="audit-h">
      <h2 id="audit-h">Organizer actions</h2>
      {audit.length ? (
        <ol class="small audit">
          {audit.map((a) => {
            const undo = organizer ? auditUndo(a, audit, ev, name) : null;
            return (
              <li key={a.seq}>{auditText(a, who)}
                {undo ? <> <button type="button" class="ghost" onClick={() => run({ title: `Undo: ${undo.what}`, detail: undoText(undo, name), call: undoCall(ev.id, undo), undo: null })}>Undo</button></> : null}</li>
            );
          })}
        </ol>
      ) : <p class="small">None yet.</p>}
    </section>
  );
}
