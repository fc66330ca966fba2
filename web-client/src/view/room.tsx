// Room page (/rooms/{id}): loads the room over REST, offers a seat, connects the socket and shows the board.
import { useEffect, useReducer, useRef, useState } from "preact/hooks";
import type { Session } from "../app";
import { api, loadFailure } from "../api";
import { PRECONS } from "../precon";
import type { RoomInfo } from "../protocol";
import { linkClick } from "../router";
import { GameSocket, roomSocketUrl, webSocketTransport } from "../socket";
import { canAct, initialRoomState, roomReducer } from "../state";
import { renderBoard } from "./board";
import { seatName } from "./botlevel";

type Load = { kind: "loading" } | { kind: "ok"; room: RoomInfo } | { kind: "missing"; message: string };

export function RoomPage({ id, watch, session }: { id: string; watch: boolean; session: Session }) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [state, dispatch] = useReducer(roomReducer, undefined, initialRoomState);
  const socket = useRef<GameSocket | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    api.room(id).then(
      (room) => setLoad({ kind: "ok", room }),
      (e: unknown) => setLoad({
        kind: "missing",
        message: loadFailure(e, "This server does not host rooms yet.", "There is no room with this id."),
      }),
    );
  }, [id]);

  // One socket per page visit; `generation` bumps after taking a seat so the new hello carries it.
  useEffect(() => {
    if (load.kind !== "ok") return;
    const s = new GameSocket({ url: roomSocketUrl(id), role: watch ? "spectator" : "player", transport: webSocketTransport, onEvent: dispatch });
    socket.current = s;
    s.start();
    return () => s.stop();
  }, [id, watch, load.kind, generation]);

  if (load.kind === "loading") return <section class="panel"><p aria-busy="true">Loading room…</p></section>;
  if (load.kind === "missing") {
    return (
      <section class="panel">
        <h1>Room {id}</h1>
        <p class="empty">{load.message}</p>
        <p><a href="/" onClick={linkClick}>Back to the lobby</a></p>
      </section>
    );
  }
  const room = state.room ?? load.room;
  const names = Object.fromEntries(room.seats.flatMap((s) => (s ? [[s.seat, s.display_name]] : [])));
  const freeSeat = room.status === "waiting" && room.seats.some((s) => !s);
  return (
    <div class="room" data-version={state.version ?? undefined} data-game={state.game ?? undefined}>
      <header class="room-head">
        <h1>Room <code>{room.id}</code></h1>
        <span>Best of {room.best_of}</span>
        <span>{room.visibility}</span>
        <span>{room.spectators} watching</span>
        <button type="button" class="ghost" onClick={() => navigator.clipboard?.writeText(location.origin + `/rooms/${encodeURIComponent(room.id)}`)}>Copy invite link</button>
      </header>
      <ul class="seats" aria-label="Seats">
        {room.seats.map((s, i) => (
          <li key={i}>
            {s ? <><span class={`dot${s.connected || s.bot ? " on" : ""}`} aria-hidden="true" />{seatName(s)}{s.seat === state.seat ? " — you" : ""}{s.rematch ? " · wants a rematch" : ""}<span class="sr-only">{s.connected ? ", connected" : ", not connected"}</span></>
              : <span class="muted">empty seat</span>}
          </li>
        ))}
      </ul>
      {room.games.some((g) => g.winner) ? (
        <ol class="games" aria-label="Games">
          {room.games.map((g, i) => (
            <li key={g.match_id}>
              Game {i + 1}: {g.winner ? `${names[g.winner] ?? `Seat ${g.winner}`} won${g.reason ? ` (${g.reason.replace(/_/g, " ")})` : ""}` : "in progress"}
              {" · "}<a href={`/replays/${encodeURIComponent(g.match_id)}${state.seat ? `?seat=${state.seat}` : ""}`} onClick={linkClick}>replay</a>
            </li>
          ))}
        </ol>
      ) : null}
      <ConnectionBanner status={state.status} attempt={state.reconnectAttempt} reason={state.closeReason} />
      {state.error ? <p class="error" role="alert">{state.error.message} <button type="button" class="ghost" onClick={() => dispatch({ kind: "dismiss" })}>×</button></p> : null}
      {!state.seat && !watch && freeSeat && session.account ? <TakeSeat roomId={room.id} onSeated={() => setGeneration((g) => g + 1)} /> : null}
      {state.view && session.catalogue
        ? renderBoard(state.view, state.legal, session.catalogue, {
            send: state.seat ? (i) => socket.current?.sendIntent(i) : undefined,
            disabled: !canAct(state),
            names,
            log: state.log,
            rejection: state.rejection,
            onDismiss: () => dispatch({ kind: "dismiss" }),
            clocks: state.clocks,
          })
        : <section class="panel"><p class="empty">{freeSeat ? "Waiting for players…" : "Waiting for the match to start…"}</p></section>}
      {room.status === "finished" && state.seat ? (
        <button type="button" class="primary" onClick={() => api.rematch(room.id).then((r) => dispatch({ kind: "room", room: r }), (e: unknown) => alert(e instanceof Error ? e.message : String(e)))}>
          {room.seats.some((s) => s && s.seat !== state.seat && s.rematch) ? "Accept rematch" : "Ask for a rematch"}
        </button>
      ) : null}
    </div>
  );
}

function ConnectionBanner({ status, attempt, reason }: { status: string; attempt: number; reason: string | null }) {
  if (status === "open") return null;
  const text = status === "reconnecting" ? `Reconnecting… (attempt ${attempt})` : status === "connecting" ? "Connecting…" : reason ?? "Disconnected.";
  return <p class={`conn conn-${status}`} role="status">{text}</p>;
}

function TakeSeat({ roomId, onSeated }: { roomId: string; onSeated: () => void }) {
  const [slug, setSlug] = useState(PRECONS[0]?.slug ?? "");
  const [error, setError] = useState<string | null>(null);
  const take = async () => {
    setError(null);
    try {
      await api.takeSeat(roomId, { preconstructed: slug });
      onSeated();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section class="panel row" aria-label="Take a seat">
      <label for="seat-deck">Play with</label>
      <select id="seat-deck" value={slug} onChange={(e) => setSlug(e.currentTarget.value)}>
        {PRECONS.map((p) => <option key={p.slug} value={p.slug}>{p.list.name}</option>)}
      </select>
      <button type="button" class="primary" onClick={take}>Take a seat</button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </section>
  );
}
