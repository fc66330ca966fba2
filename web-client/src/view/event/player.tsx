// The player's side of an event page: a signed-out visitor of a shared link signs up in one step (play as a
// guest, or sign in) and registers with a deck without leaving the page; a registered player sees their check-in,
// table, opponent, room link and record, and may concede, agree to a draw or drop.
import { useEffect, useState } from "preact/hooks";
import type { Session } from "../../app";
import { ApiError, api } from "../../api";
import type { JoinSeat } from "../../gen/JoinSeat";
import { PRECONS } from "../../precon";
import type { DeckView } from "../../protocol";
import { linkClick } from "../../router";
import { type EventView, type Standings, myTable, noShowText, resultText, tournaments } from "../../tournament";
import { GuestForm } from "../guest";
import { PenaltyList } from "../penalties";

const message = (e: unknown) => (e instanceof ApiError || e instanceof Error ? e.message : String(e));

/** A signed-out visitor while registration is open: a guest account or a sign-in, on this page. */
export function SignUp({ session }: { session: Session }) {
  const [signIn, setSignIn] = useState(false);
  return (
    <div class="signup" aria-label="Sign up to play">
      <p><strong>Play in this event:</strong> choose a name to play as a guest (no sign-up), or sign in; then pick your deck and register.</p>
      {signIn ? <SignInForm session={session} /> : <GuestForm session={session} />}
      <button type="button" class="ghost" onClick={() => setSignIn(!signIn)}>{signIn ? "Play as a guest instead" : "I have an account: sign in"}</button>
    </div>
  );
}

function SignInForm({ session }: { session: Session }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: Event) => {
    e.preventDefault();
    setError(null);
    api.login(username, password).then(session.setAccount, (err: unknown) => setError(message(err)));
  };
  return (
    <form onSubmit={submit} aria-label="Sign in">
      <div class="row">
        <label for="signin-user">Username</label>
        <input id="signin-user" autocomplete="username" value={username} onInput={(e) => setUsername(e.currentTarget.value)} required />
        <label for="signin-pass">Password</label>
        <input id="signin-pass" type="password" autocomplete="current-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} required />
        <button type="submit" class="primary">Sign in</button>
      </div>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}

/** The deck choices: the preconstructed decks, then the player's saved ones (`p:slug`, `d:id`). */
function deckChoice(value: string): JoinSeat {
  return value.startsWith("d:") ? { deck_id: value.slice(2) } : { preconstructed: value.slice(2) };
}

function Register({ ev, onChange }: { ev: EventView; onChange: (e: EventView) => void }) {
  const [deck, setDeck] = useState(`p:${PRECONS[0]?.slug ?? ""}`);
  const [saved, setSaved] = useState<DeckView[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => { api.decks().then(setSaved, () => setSaved([])); }, []);
  return (
    <form class="row register" aria-label="Register" onSubmit={(e) => { e.preventDefault(); setError(null); tournaments.register(ev.id, deckChoice(deck)).then(onChange, (err: unknown) => setError(message(err))); }}>
      <label for="reg-deck">Deck</label>
      <select id="reg-deck" value={deck} onChange={(e) => setDeck(e.currentTarget.value)}>
        <optgroup label="Preconstructed">
          {PRECONS.map((p) => <option key={p.slug} value={`p:${p.slug}`}>{p.list.name}</option>)}
        </optgroup>
        {saved.length ? <optgroup label="My decks">{saved.map((d) => <option key={d.id} value={`d:${d.id}`}>{d.name}</option>)}</optgroup> : null}
      </select>
      <button type="submit" class="primary">Register</button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}

export function PlayerBox({ ev, me, name, standings, onChange }: { ev: EventView; me: string; name: (p: string) => string; standings: Standings | null; onChange: (e: EventView) => void }) {
  const [error, setError] = useState<string | null>(null);
  const registered = ev.log.players.some((p) => p.id === me);
  const act = (f: () => Promise<EventView>) => f().then(onChange, (e: unknown) => setError(message(e)));
  if (!registered) return ev.status === "registration" ? <Register ev={ev} onChange={onChange} /> : null;
  const mine = myTable(ev, me);
  const record = standings?.players.find((s) => s.player === me)?.record;
  const checkedIn = ev.checked_in.includes(me);
  const round = ev.rounds[ev.rounds.length - 1];
  const joinBy = round ? noShowText(round, Date.now()) : null;
  return (
    <div class="my-table" data-testid="my-table">
      {record && ev.rounds.length ? <p>My record: {record.won}–{record.lost}–{record.drawn}</p> : <p>You are registered.</p>}
      {ev.rounds.length === 0 && ev.log.settings.check_in ? (
        checkedIn ? <p data-testid="checked-in">You are checked in.</p>
        : <p>Check in before round 1 is paired, or you will be dropped.{" "}
            <button type="button" class="primary" onClick={() => act(() => tournaments.checkIn(ev.id))}>Check in</button></p>
      ) : null}
      {mine?.table && joinBy && !mine.table.arrived[mine.table.players.indexOf(me)]
        ? <p class="warning">Join your table: {joinBy}, then you get a match loss and are dropped.</p> : null}
      <PenaltyList ev={ev} name={name} player={me} />
      {mine?.bye ? <p>Round {mine.round}: you have a bye.</p> : null}
      {mine?.table ? (
        <p>Round {mine.round}, table {mine.table.table}: against <strong>{name(mine.opponent ?? "")}</strong> · {resultText(mine.table, name)}
          {mine.table.room_id ? <> · <a href={`/rooms/${encodeURIComponent(mine.table.room_id)}`} onClick={linkClick}>Go to my table</a></> : null}</p>
      ) : null}
      {mine?.table && resultText(mine.table, name) === "playing" ? (
        <div class="row">
          <button type="button" class="ghost" onClick={() => act(() => tournaments.concede(ev.id, mine.round, mine.table!.table))}>Concede the match</button>
          <button type="button" class="ghost" onClick={() => act(() => tournaments.intentionalDraw(ev.id, mine.round, mine.table!.table))}>Agree to an intentional draw</button>
        </div>
      ) : null}
      {ev.status !== "finished" ? <button type="button" class="ghost" onClick={() => act(() => tournaments.drop(ev.id, me, "dropped by the player"))}>Drop from the event</button> : null}
      {error ? <p class="error" role="alert">{error}</p> : null}
    </div>
  );
}
