// Room page (/rooms/{id}): loads the room over REST, offers a seat, connects the socket and shows the board.
import { DrawnNotice, OpponentLeft, drawnGame } from "./leaving";
import { Takeback } from "./takeback";
import { useCallback, useEffect, useReducer, useRef, useState } from "preact/hooks";
import type { Session } from "../app";
import { api, loadFailure } from "../api";
import { useAutoPass, useFullControl } from "../autopass";
import type { Intent } from "../gen/Intent";
import type { RoomInfo } from "../protocol";
import { linkClick } from "../router";
import { GameSocket, roomSocketUrl, webSocketTransport } from "../socket";
import { canAct, restoredRoomState, roomReducer, saveLog } from "../state";
import { renderBoard } from "./board";
import { playerNames, seatName } from "./botlevel";
import { TakeSeat } from "./guest";
import { NextGame, NextSteps, RoundTimeNotice, SeriesScore } from "./series";
import { PlayNow } from "./playnow";
import { RatingChange } from "./profile";
import { TableLobby } from "./tablelobby";
import { EventTableBar, useTableAnnouncements } from "./eventtable";
import { JudgeWatchingBanner } from "./judgeview";
import { EmoteBubble, EmotePanel, useEmotes } from "./emotes";

type Load = { kind: "loading" } | { kind: "ok"; room: RoomInfo } | { kind: "missing"; message: string };

export function RoomPage({ id, watch, session }: { id: string; watch: boolean; session: Session }) {
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [state, dispatch] = useReducer(roomReducer, id, restoredRoomState);
  const socket = useRef<GameSocket | null>(null);
  const [generation, setGeneration] = useState(0);
  const [announcements, announced] = useTableAnnouncements();
  const emotes = useEmotes(id);

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
    const s = new GameSocket({ url: roomSocketUrl(id), role: watch ? "spectator" : "player", transport: webSocketTransport,
      onEvent: (e) => (e.kind === "announcement" ? announced(e.announcement) : e.kind === "emote" ? emotes.hear({ seat: e.seat, name: e.name, emote: e.emote }) : dispatch(e)) });
    socket.current = s;
    s.start();
    return () => s.stop();
  }, [id, watch, load.kind, generation]);

  useEffect(() => saveLog(id, state), [id, state.game, state.log]);

  const [fullControl, setFullControl] = useFullControl();
  const send = useCallback((i: Intent) => { socket.current?.sendIntent(i); }, []);
  // The attack (game and turn) whose whole damage the player took with one answer.
  const [wholeAttack, setWholeAttack] = useState<{ game: number | null; turn: number } | null>(null);
  const wholeAttackTurn = wholeAttack && wholeAttack.game === state.game ? wholeAttack.turn : null;
  // A game called a draw is over though its view plays on (docs/protocol.md, "Leaving"): nothing is sent for it.
  const drawn = !!state.room && drawnGame(state.room);
  useAutoPass(state.seat ? state.view : null, state.version, state.legal, canAct(state) && !drawn, fullControl, wholeAttackTurn, send);

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
  const names = playerNames(room.seats);
  const several = room.seats.filter((s) => s?.bot).length > 1;
  const freeSeat = room.status === "waiting" && room.seats.some((s) => !s);
  const emotePanel = (seated: boolean) => (
    <EmotePanel room={room.id} heard={emotes.heard} muted={emotes.muted} onMute={emotes.mute}
      opponents={room.seats.flatMap((s) => (s && !s.bot && s.seat !== state.seat ? [{ seat: s.seat, name: names[s.seat] ?? s.display_name }] : []))}
      send={seated ? (e) => socket.current?.sendEmote(e) : undefined} />
  );
  return (
    <div class="room" data-version={state.version ?? undefined} data-game={state.game ?? undefined}>
      <header class="room-head">
        <h1>Room <code>{room.id}</code></h1>
        <SeriesScore room={room} names={names} />
        <span>{room.visibility}</span>
        <span>{room.spectators} watching</span>
        <CopyInvite roomId={room.id} />
        {state.seat ? (
          <label class="choice full-control" title="Off: when you have exactly one possible move (pass, take the damage…), it is made for you">
            <input type="checkbox" checked={fullControl} onChange={(e) => setFullControl(e.currentTarget.checked)} /> Full control
          </label>
        ) : null}
      </header>
      <ul class="seats" aria-label="Seats">
        {room.seats.map((s, i) => (
          <li key={i}>
            {s ? <><span class={`dot${s.connected || s.bot ? " on" : ""}`} aria-hidden="true" />{several && s.bot ? names[s.seat] : seatName(s)}{s.seat === state.seat ? " — you" : ""}{s.rematch ? " · wants a rematch" : ""}<span class="sr-only">{s.connected ? ", connected" : ", not connected"}</span></>
              : <span class="muted">empty seat</span>}
          </li>
        ))}
      </ul>
      {room.games.some((g) => g.reason) ? (
        <ol class="games" aria-label="Games">
          {room.games.map((g, i) => (
            <li key={g.match_id}>
              Game {i + 1}: {g.winner ? `${names[g.winner] ?? `Seat ${g.winner}`} won${g.reason ? ` (${g.reason.replace(/_/g, " ")})` : ""}` : g.reason === "drawn" ? "drawn" : "in progress"}
              {" · "}<a href={`/replays/${encodeURIComponent(g.match_id)}?room=${encodeURIComponent(room.id)}${state.seat ? `&seat=${state.seat}` : ""}`} onClick={linkClick}>replay</a>
            </li>
          ))}
        </ol>
      ) : null}
      {!state.seat && room.spectator_delay && (watch || !freeSeat) ? (
        <p class="delay-note" role="note" data-testid="spectator-delay">
          You are watching with a delay of {"seconds" in room.spectator_delay
            ? `${room.spectator_delay.seconds} seconds`
            : `${room.spectator_delay.turns} turn${room.spectator_delay.turns === 1 ? "" : "s"}`}: the players are ahead of what you see.
        </p>
      ) : null}
      <EventTableBar room={room} me={session.account?.id} announcements={announcements} />
      <OpponentLeft room={room} seat={state.seat} names={names} onRoom={(r) => dispatch({ kind: "room", room: r })} />
      <DrawnNotice room={room} />
      <TableLobby room={room} seat={state.seat} onRoom={(r) => dispatch({ kind: "room", room: r })} />
      <ConnectionBanner status={state.status} attempt={state.reconnectAttempt} reason={state.closeReason} />
      {state.error ? <p class="error" role="alert">{state.error.message} <button type="button" class="ghost" onClick={() => dispatch({ kind: "dismiss" })}>×</button></p> : null}
      {!state.seat && !watch && freeSeat && session.account !== undefined
        ? <TakeSeat roomId={room.id} session={session} onSeated={() => setGeneration((g) => g + 1)} /> : null}
      {state.view && session.catalogue
        ? renderBoard(state.view, state.legal, session.catalogue, {
            send: state.seat ? send : undefined,
            disabled: !canAct(state) || drawnGame(room),
            names,
            log: state.log,
            rejection: state.rejection,
            onDismiss: () => dispatch({ kind: "dismiss" }),
            clocks: state.clocks,
            takeWholeAttack: () => state.view && setWholeAttack({ game: state.game, turn: state.view.turn }),
            ending: <NextSteps room={room} names={names} seat={state.seat} onRoom={(r) => dispatch({ kind: "room", room: r })} />,
            talk: state.seat ? (
              <>
                <Takeback room={room} seat={state.seat} names={names} onRoom={(r) => dispatch({ kind: "room", room: r })} />
                {room.seats.map((s) => (s ? <EmoteBubble key={s.seat} heard={emotes.heard} seat={s.seat} who={s.seat === state.seat ? "You" : names[s.seat] ?? s.display_name} /> : null))}
                {emotePanel(true)}
              </>
            ) : undefined,
          })
        : <section class="panel"><p class="empty">{freeSeat ? "Waiting for players…" : "Waiting for the match to start…"}</p></section>}
      {/* A spectator reads the table's emotes below the board (a seat has them beside its decision). */}
      {!state.seat && emotes.heard.length ? <div class="panel small">{room.seats.map((s) => (s ? <EmoteBubble key={s.seat} heard={emotes.heard} seat={s.seat} who={names[s.seat] ?? s.display_name} /> : null))}{emotePanel(false)}</div> : null}
      <RoundTimeNotice room={room} />
      <JudgeWatchingBanner room={room} />
      {state.seat && !state.view?.outcome ? <NextGame room={room} seat={state.seat} onRoom={(r) => dispatch({ kind: "room", room: r })} /> : null}
      {state.seat && session.account ? <RatingChange room={room} account={session.account} /> : null}
      {state.seat && room.status === "finished" && room.seats.length === 2 && !room.next_game_chooser ? <PlayNow title="Play someone new" /> : null}
    </div>
  );
}

function ConnectionBanner({ status, attempt, reason }: { status: string; attempt: number; reason: string | null }) {
  if (status === "open") return null;
  const text = status === "reconnecting" ? `Reconnecting… (attempt ${attempt})` : status === "connecting" ? "Connecting…" : reason ?? "Disconnected.";
  return <p class={`conn conn-${status}`} role="status">{text}</p>;
}

/** Copies the invite link and says so; where the clipboard is unavailable it shows the link to copy by hand. */
function CopyInvite({ roomId }: { roomId: string }) {
  const link = location.origin + `/rooms/${encodeURIComponent(roomId)}`;
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const t = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(t);
  }, [state]);
  const copy = () => {
    const clip = navigator.clipboard;
    if (!clip) return setState("failed");
    clip.writeText(link).then(() => setState("copied"), () => setState("failed"));
  };
  return (
    <span class="copy-invite">
      <button type="button" class="ghost" onClick={copy}>{state === "copied" ? "✓ Link copied" : "Copy invite link"}</button>
      <span role="status" class={state === "failed" ? "small" : "sr-only"}>
        {state === "copied" ? "Invite link copied to the clipboard." : state === "failed" ? <>Copy this link: <code>{link}</code></> : ""}
      </span>
    </span>
  );
}
