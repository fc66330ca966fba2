// Becoming a guest: the lobby's name form, and the invite page's one-step "play as guest and take the seat"
// (a signed-out visitor who opens an invite link must not end up a silent spectator).
import { useState } from "preact/hooks";
import type { Session } from "../app";
import { ApiError, api } from "../api";
import { friendlyName } from "../names";
import { PRECONS, preconAbout } from "../precon";

function message(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

/** Display name input with a "suggest another" dice button. */
function NameField({ id, name, setName }: { id: string; name: string; setName: (n: string) => void }) {
  return (
    <>
      <input id={id} name="display_name" value={name} maxLength={24} required autocomplete="nickname"
        onInput={(e) => setName(e.currentTarget.value)} />
      <button type="button" class="ghost" onClick={() => setName(friendlyName())} aria-label="Suggest another name"><Die /></button>
    </>
  );
}

export function GuestForm({ session }: { session: Session }) {
  const [name, setName] = useState(() => friendlyName());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      session.setAccount(await api.guest(name));
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="guest-form" onSubmit={submit} aria-label="Play as guest">
      <label for="guest-name">Display name</label>
      <div class="row">
        <NameField id="guest-name" name={name} setName={setName} />
        <button type="submit" class="primary" disabled={busy || !name.trim()}>{busy ? "Joining…" : "Play as guest"}</button>
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}

/**
 * The free seat of a room: signed-out visitors name themselves and sit down in one step; signed-in ones pick a
 * deck. `onSeated` reconnects the socket so its hello carries the new seat.
 */
export function TakeSeat({ roomId, session, onSeated }: { roomId: string; session: Session; onSeated: () => void }) {
  const signedIn = !!session.account;
  const [name, setName] = useState(() => friendlyName());
  const [slug, setSlug] = useState(PRECONS[0]?.slug ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const take = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (!signedIn) session.setAccount(await api.guest(name));
      await api.takeSeat(roomId, { preconstructed: slug });
      onSeated();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="panel take-seat" onSubmit={take} aria-labelledby="take-seat-h">
      <h2 id="take-seat-h">A seat is free — you are invited to play</h2>
      {signedIn ? null : (
        <div class="field">
          <label for="seat-name">Your display name (you play as a guest, no sign-up)</label>
          <div class="row"><NameField id="seat-name" name={name} setName={setName} /></div>
        </div>
      )}
      <div class="field">
        <label for="seat-deck">Play with</label>
        <select id="seat-deck" value={slug} onChange={(e) => setSlug(e.currentTarget.value)}>
          {PRECONS.map((p) => <option key={p.slug} value={p.slug}>{p.list.name}</option>)}
        </select>
        <p class="small muted deck-about">{preconAbout(slug)}</p>
      </div>
      <button type="submit" class="primary" disabled={busy || (!signedIn && !name.trim())}>
        {busy ? "Sitting down…" : signedIn ? "Take the seat" : "Play as guest and take the seat"}
      </button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}

/** A die drawn in SVG: the 🎲 emoji drew as an empty box where no emoji font is installed (issue 43). */
function Die() {
  return (
    <svg class="die" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <rect x="1.5" y="1.5" width="17" height="17" rx="4" fill="none" stroke="currentColor" stroke-width="2" />
      {[[6, 6], [14, 6], [10, 10], [6, 14], [14, 14]].map(([x, y]) => <circle key={`${x}${y}`} cx={x} cy={y} r="1.7" fill="currentColor" />)}
    </svg>
  );
}
