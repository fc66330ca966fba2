// Emotes at the table (docs/protocol.md, "Emotes"): a seat's buttons, a bubble by each sender's seat for a few
// seconds, and the lines heard ("Ann: Well played") read out politely; each opponent can be muted by their seat
// (two players may share a display name), remembered in this browser.
import { useEffect, useState } from "preact/hooks";
import { EMOTES, type Heard, emoteText, heardLine, muteKey, mutedKeys, setMuted } from "../emotes";
import type { Emote } from "../gen/Emote";
import type { Seat } from "../gen/Seat";

/** How long a bubble stays by its seat. */
export const BUBBLE_MS = 4000;
/** Lines kept in the emote log. */
const KEPT = 20;

/** Room `room`'s emotes heard since the page opened (muted seats left out) and the mute list (`muteKey`s), with
 * their updaters. */
export function useEmotes(room: string) {
  const [heard, setHeard] = useState<Heard[]>([]);
  const [muted, setMutedList] = useState<string[]>(mutedKeys);
  const hear = (h: Omit<Heard, "id">) =>
    setHeard((list) => mutedKeys().includes(muteKey(room, h.seat)) ? list : [...list, { ...h, id: (list.at(-1)?.id ?? 0) + 1 }].slice(-KEPT));
  const mute = (seat: Seat, on: boolean) => setMutedList(setMuted(muteKey(room, seat), on));
  return { heard, muted, hear, mute };
}

/** The newest emote from `seat`, shown for `ms` after it arrives. */
export function EmoteBubble({ heard, seat, who, ms = BUBBLE_MS }: { heard: Heard[]; seat: Seat; who?: string; ms?: number }) {
  const last = [...heard].reverse().find((h) => h.seat === seat);
  const [hidden, setHidden] = useState<number | null>(null);
  useEffect(() => {
    if (!last) return;
    const t = setTimeout(() => setHidden(last.id), ms);
    return () => clearTimeout(t);
  }, [last?.id, ms]);
  if (!last || hidden === last.id) return null;
  // Read out by the log; the bubble is for the eyes.
  return <span class="emote-bubble" aria-hidden="true" data-testid={`emote-bubble-${seat}`}>{who ? `${who}: ` : ""}{emoteText(last.emote)}</span>;
}

export interface EmotePanelProps {
  room: string;
  heard: Heard[];
  /** The opponents' seats and names, for their mute switches. */
  opponents: { seat: Seat; name: string }[];
  /** `muteKey`s. */
  muted: string[];
  onMute: (seat: Seat, muted: boolean) => void;
  /** Absent for spectators, who may not send. */
  send?: (e: Emote) => void;
}

/**
 * The emotes as a small menu (its buttons and mute switches open from one "Emotes" control, so they take no row of
 * their own on a phone), and the lines heard in a polite live log for screen readers.
 */
export function EmotePanel({ room, heard, opponents, muted, onMute, send }: EmotePanelProps) {
  const shown = heard.filter((h) => !muted.includes(muteKey(room, h.seat)));
  const twin = (name: string) => opponents.filter((o) => o.name === name).length > 1;
  return (
    <span class="emotes" data-testid="emotes">
      <details class="emote-menu">
        <summary>Emotes</summary>
        <div class="emote-pop">
          {send ? (
            <div class="emote-buttons" role="group" aria-label="Send an emote">
              {EMOTES.map(({ emote, text }) => <button key={emote} type="button" class="ghost" onClick={() => send(emote)}>{text}</button>)}
            </div>
          ) : null}
          {opponents.map(({ seat, name }) => (
            <label key={seat} class="choice">
              <input type="checkbox" checked={muted.includes(muteKey(room, seat))} onChange={(e) => onMute(seat, e.currentTarget.checked)} /> Mute {name}{twin(name) ? ` (seat ${seat})` : ""}'s emotes
            </label>
          ))}
        </div>
      </details>
      <div class="emote-log sr-only" role="log" aria-live="polite" aria-label="Emotes heard">
        <ol>{shown.map((h) => <li key={h.id}>{heardLine(h)}</li>)}</ol>
      </div>
    </span>
  );
}
