// Lobby: become a guest, pick a deck to play with, create a room, and join or watch public rooms.
import { useEffect, useState } from "preact/hooks";
import type { Session } from "../app";
import { ApiError, api } from "../api";
import { PRECONS, preconAbout } from "../precon";
import type { ClockSetting, CreateRoom, DeckView, RoomInfo, SpectatorDelay } from "../protocol";
import { friendlyName } from "../names";
import { linkClick, navigate } from "../router";
import { BotLevelPicker, DEFAULT_BOT_LEVEL, seatName, useBotLevel } from "./botlevel";
import { EventLists } from "./events";
import { GuestForm } from "./guest";
import { PlayNow } from "./playnow";

type RoomsState =
  | { kind: "loading" }
  | { kind: "ok"; open: RoomInfo[]; live: RoomInfo[] }
  | { kind: "unavailable" }
  | { kind: "error"; message: string };

/** "deck:<id>" or "pre:<slug>", the value of the deck picker. */
type DeckChoice = string;

function seatBody(choice: DeckChoice): { deck_id: string } | { preconstructed: string } {
  return choice.startsWith("deck:") ? { deck_id: choice.slice(5) } : { preconstructed: choice.slice(4) };
}

export function Lobby({ session }: { session: Session }) {
  const { account } = session;
  const [deck, setDeck] = useDeckChoice();
  return (
    <div class="lobby">
      <section class="panel hero-panel" aria-labelledby="welcome-h">
        <h1 id="welcome-h">Welcome to Gem Blenders Online</h1>
        <p class="lede">Equip gems, blend your heroes and win two rounds. Play a friend, watch a live match, or try the computer.</p>
        {account === undefined ? <p aria-busy="true">Checking your account…</p> : account ? <AccountBox session={session} /> : <GuestForm session={session} />}
        {account !== undefined ? <PlayComputer session={session} deck={deck} /> : null}
      </section>
      {account ? <PlayNow deck={seatBody(deck)} /> : null}
      {account ? <PlayPanel deck={deck} setDeck={setDeck} /> : null}
      <RoomLists canJoin={!!account} deck={deck} />
      <EventLists />
    </div>
  );
}

/**
 * One click to a game: signs a signed-out visitor in as a guest with a suggested name, opens a private room
 * against the computer at the default level, and sits down with the chosen deck.
 */
function PlayComputer({ session, deck }: { session: Session; deck: DeckChoice }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      if (!session.account) session.setAccount(await api.guest(friendlyName()));
      const room = await api.createRoom({ visibility: "private", best_of: 1, spectator_delay: null, clock: null, vs_bot: true, bot_level: DEFAULT_BOT_LEVEL });
      await api.takeSeat(room.id, seatBody(deck));
      navigate(`/rooms/${encodeURIComponent(room.id)}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };
  return (
    <div class="quick-play row">
      <button type="button" class="primary big" onClick={start} disabled={busy}>{busy ? "Starting…" : "Play the computer"}</button>
      <span class="small">A private game against the computer (Medium), right now. New here? <a href="/how-to-play" onClick={linkClick}>How to play</a></span>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </div>
  );
}

function AccountBox({ session }: { session: Session }) {
  const a = session.account!;
  const logout = async () => {
    await api.logout().catch(() => undefined);
    session.setAccount(null);
  };
  return (
    <div class="account-box">
      <p>Signed in as <strong data-testid="account-name">{a.display_name}</strong>{a.guest ? <span class="badge">guest</span> : null}</p>
      <button type="button" class="ghost" onClick={logout}>Log out</button>
    </div>
  );
}

const DELAYS: { label: string; value: SpectatorDelay | null }[] = [
  { label: "No delay", value: null },
  { label: "30 seconds", value: { seconds: 30 } },
  { label: "2 minutes", value: { seconds: 120 } },
  { label: "1 turn", value: { turns: 1 } },
  { label: "3 turns", value: { turns: 3 } },
];

const CLOCKS: { label: string; value: ClockSetting | null }[] = [
  { label: "No clock", value: null },
  { label: "10 min + 5 s per move", value: { type: "chess", initial_ms: 600_000, increment_ms: 5_000, disconnect_bank_ms: 120_000 } },
  { label: "25 min + 10 s per move", value: { type: "chess", initial_ms: 1_500_000, increment_ms: 10_000, disconnect_bank_ms: 180_000 } },
  { label: "90 s per turn", value: { type: "per_turn", limit_ms: 90_000, disconnect_bank_ms: 120_000 } },
];

function DeckPicker({ value, onChange }: { value: DeckChoice; onChange: (v: DeckChoice) => void }) {
  const [decks, setDecks] = useState<DeckView[]>([]);
  useEffect(() => {
    api.decks().then(setDecks, () => setDecks([]));
  }, []);
  return (
    <select id="play-deck" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {decks.length ? (
        <optgroup label="Your decks">
          {decks.map((d) => <option key={d.id} value={`deck:${d.id}`}>{d.name}</option>)}
        </optgroup>
      ) : null}
      <optgroup label="Preconstructed">
        {PRECONS.map((p) => <option key={p.slug} value={`pre:${p.slug}`}>{p.list.name}</option>)}
      </optgroup>
    </select>
  );
}

function PlayPanel({ deck, setDeck }: { deck: DeckChoice; setDeck: (v: DeckChoice) => void }) {
  const [form, setForm] = useState<CreateRoom>({ visibility: "public", best_of: 1, spectator_delay: null, clock: null, vs_bot: false });
  const [level, setLevel] = useBotLevel();
  const [delay, setDelay] = useState(0);
  const [clock, setClock] = useState(0);
  // 2, or a free-for-all table for 3-6 (issue 16): one game, started by the host when it is full or at will.
  const [seats, setSeats] = useState(2);
  const ffa = seats > 2;
  const [invite, setInvite] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const room = await api.createRoom({
        ...form,
        spectator_delay: DELAYS[delay]?.value ?? null,
        clock: CLOCKS[clock]?.value ?? null,
        // The server refuses a level for a room of two people.
        // A table's computers, who take the empty seats when the host starts, play at the room's level.
        bot_level: form.vs_bot || ffa ? level : null,
        // A two-player room's body stays as it was; a table says its size, is one game, and its computers
        // come in when the host starts it.
        ...(ffa ? { seats, best_of: 1, vs_bot: false } : {}),
      });
      await api.takeSeat(room.id, seatBody(deck));
      navigate(`/rooms/${encodeURIComponent(room.id)}`);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 404 && err.code === "no_such_endpoint"
        ? "This server does not host rooms yet."
        : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const joinInvite = (e: Event) => {
    e.preventDefault();
    const id = invite.trim().replace(/^.*\/rooms\//, "").replace(/[?#].*$/, "");
    if (id) navigate(`/rooms/${encodeURIComponent(id)}`);
  };

  return (
    <section class="panel" aria-labelledby="play-h">
      <h2 id="play-h">Play</h2>
      <div class="field">
        <label for="play-deck">Deck to play with</label>
        <DeckPicker value={deck} onChange={setDeck} />
        <p class="small muted deck-about">{preconAbout(deck)}</p>
      </div>
      <form class="create-room" onSubmit={create} aria-label="Create room">
        <fieldset>
          <legend>Visibility</legend>
          {(["public", "private"] as const).map((v) => (
            <label key={v} class="choice">
              <input type="radio" name="visibility" value={v} checked={form.visibility === v}
                onChange={() => setForm({ ...form, visibility: v })} /> {v === "public" ? "Public" : "Private (invite link)"}
            </label>
          ))}
        </fieldset>
        <div class="field">
          <label for="table-seats">Players</label>
          <select id="table-seats" value={String(seats)} onChange={(e) => setSeats(Number(e.currentTarget.value))} aria-describedby="table-seats-about">
            {[2, 3, 4, 5, 6].map((n) => <option key={n} value={String(n)}>{n === 2 ? "2 (one opponent)" : `${n} (free-for-all)`}</option>)}
          </select>
          <p class="small muted" id="table-seats-about">
            {ffa ? "Everyone against everyone at 45 HP; the last player standing wins. One game. Share the invite link; as the host you can start at any time, and computers fill the empty seats."
              : "The standard game: win two rounds."}
          </p>
        </div>
        {ffa ? null : <fieldset>
          <legend>Match</legend>
          {([1, 3] as const).map((n) => (
            <label key={n} class="choice">
              <input type="radio" name="best_of" value={n} checked={form.best_of === n}
                onChange={() => setForm({ ...form, best_of: n })} /> {n === 1 ? "One game" : "Best of 3 (first to win two games)"}
            </label>
          ))}
        </fieldset>}
        <div class="field">
          <label for="spectator-delay">Spectator delay</label>
          <select id="spectator-delay" value={String(delay)} onChange={(e) => setDelay(Number(e.currentTarget.value))}>
            {DELAYS.map((d, i) => <option key={i} value={String(i)}>{d.label}</option>)}
          </select>
        </div>
        <div class="field">
          <label for="clock">Clock</label>
          <select id="clock" value={String(clock)} onChange={(e) => setClock(Number(e.currentTarget.value))}>
            {CLOCKS.map((c, i) => <option key={i} value={String(i)}>{c.label}</option>)}
          </select>
        </div>
        {ffa ? <BotLevelPicker value={level} onChange={setLevel} /> : <>
          <label class="choice">
            <input type="checkbox" checked={form.vs_bot} onChange={(e) => setForm({ ...form, vs_bot: e.currentTarget.checked })} /> Play against the computer
          </label>
          {form.vs_bot ? <BotLevelPicker value={level} onChange={setLevel} /> : null}
        </>}
        <button type="submit" class="primary" disabled={busy}>{busy ? "Creating…" : "Create room"}</button>
        {error ? <p class="error" role="alert">{error}</p> : null}
      </form>
      <form class="row invite" onSubmit={joinInvite} aria-label="Open an invite">
        <label for="invite" class="sr-only">Invite link or room id</label>
        <input id="invite" placeholder="Invite link or room id" value={invite} onInput={(e) => setInvite(e.currentTarget.value)} />
        <button type="submit" disabled={!invite.trim()}>Open</button>
      </form>
    </section>
  );
}

/** The deck last chosen is remembered across visits. */
function useDeckChoice(): [DeckChoice, (v: DeckChoice) => void] {
  const [deck, setDeck] = useState<DeckChoice>(() => localStorage.getItem("gb.playDeck") ?? `pre:${PRECONS[0]?.slug ?? ""}`);
  return [deck, (v) => {
    localStorage.setItem("gb.playDeck", v);
    setDeck(v);
  }];
}

function RoomLists({ canJoin, deck }: { canJoin: boolean; deck: DeckChoice }) {
  const [rooms, setRooms] = useState<RoomsState>({ kind: "loading" });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      api.rooms().then(
        (r) => alive && setRooms({ kind: "ok", open: r.open, live: r.live }),
        (e: unknown) => alive && setRooms(e instanceof ApiError && e.status === 404 ? { kind: "unavailable" } : { kind: "error", message: String(e instanceof Error ? e.message : e) }),
      );
    void load();
    const t = setInterval(load, 10_000);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);

  const join = async (room: RoomInfo) => {
    setError(null);
    try {
      await api.takeSeat(room.id, seatBody(deck));
      navigate(`/rooms/${encodeURIComponent(room.id)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const open = rooms.kind === "ok" ? rooms.open : [];
  const live = rooms.kind === "ok" ? rooms.live : [];
  const empty = (what: string) =>
    rooms.kind === "loading" ? <p class="empty" aria-busy="true">Loading…</p>
      : rooms.kind === "unavailable" ? <p class="empty">Rooms are not available on this server yet.</p>
      : rooms.kind === "error" ? <p class="empty error">Could not load rooms: {rooms.message}</p>
      : <p class="empty">No {what} right now.</p>;

  return (
    <div class="room-lists">
      {error ? <p class="error" role="alert">{error}</p> : null}
      <section class="panel" aria-labelledby="open-h">
        <h2 id="open-h">Open rooms</h2>
        {open.length === 0 ? empty("open rooms") : (
          <ul class="room-list">
            {open.map((r) => (
              <li key={r.id}>
                <RoomSummary room={r} />
                <button type="button" class="primary" disabled={!canJoin} onClick={() => join(r)}
                  aria-label={`Join room of ${host(r)}`}>Join</button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section class="panel" aria-labelledby="live-h">
        <h2 id="live-h">Live matches</h2>
        {live.length === 0 ? empty("live matches") : (
          <ul class="room-list">
            {live.map((r) => (
              <li key={r.id}>
                <RoomSummary room={r} />
                <button type="button" onClick={() => navigate(`/rooms/${encodeURIComponent(r.id)}?watch`)}
                  aria-label={`Watch ${players(r)}`}>Watch</button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Who opened the room: a table names its host's seat; otherwise whoever sat first. */
function host(r: RoomInfo): string {
  const seated = r.seats.filter((s) => s !== null);
  return (seated.find((s) => s.seat === r.host) ?? seated[0])?.display_name ?? "someone";
}

function players(r: RoomInfo): string {
  return r.seats.map((s) => (s ? seatName(s) : "empty seat")).join(" vs ");
}

function RoomSummary({ room }: { room: RoomInfo }) {
  const delay = room.spectator_delay;
  return (
    <div class="room-summary">
      <strong>{players(room)}</strong>
      {room.seats.length > 2 ? <span>{room.seats.length} players, free-for-all</span> : <span>Best of {room.best_of}</span>}
      {/* `games` already lists the game in progress (RoomInfo: "the current one last"). */}
      {room.games.length ? <span>Game {room.games.length}</span> : null}
      <span>{room.spectators} watching</span>
      {delay ? <span>delay {"seconds" in delay ? `${delay.seconds}s` : `${delay.turns} turn(s)`}</span> : null}
    </div>
  );
}
