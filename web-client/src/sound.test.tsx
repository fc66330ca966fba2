// @vitest-environment jsdom
import { render } from "preact";
import { act } from "preact/test-utils";
import { describe, expect, it } from "vitest";
import type { Event } from "./gen/Event";
import { CUES, SoundBoard, cuesFor, loadSound } from "./sound";
import type { LogEntry } from "./state";
import { SoundMenu, useSoundCues } from "./view/sound";

/** A stand-in AudioContext that records each oscillator's first frequency, in the order they start. */
class FakeAudio {
  made = 0;
  started: number[] = [];
  currentTime = 0;
  state = "running" as AudioContextState;
  destination = {} as AudioDestinationNode;
  resume = async () => undefined;
  createGain() {
    const param = { setValueAtTime() {}, linearRampToValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain: param, connect() {} } as unknown as GainNode;
  }
  createOscillator() {
    let f = 0;
    const started = this.started;
    return {
      type: "sine",
      frequency: { setValueAtTime: (v: number) => { f = v; }, exponentialRampToValueAtTime() {} },
      connect() {}, start: () => started.push(f), stop() {},
    } as unknown as OscillatorNode;
  }
}

function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

function rig(settings?: object) {
  const audio = new FakeAudio();
  const storage = memoryStorage(settings ? { "gb.sound": JSON.stringify(settings) } : {});
  const board = new SoundBoard(() => { audio.made++; return audio as unknown as AudioContext; }, storage);
  /** Which cues played, read back from the notes started: each cue is its run of frequencies. */
  const heard = () => {
    const out: string[] = [];
    for (let i = 0; i < audio.started.length;) {
      const hit = Object.entries(CUES).find(([, notes]) => notes.every((n, j) => audio.started[i + j] === n.f));
      if (!hit) throw new Error(`unknown notes from ${audio.started.slice(i).join(", ")}`);
      out.push(hit[0]);
      i += hit[1].length;
    }
    return out;
  };
  return { audio, storage, board, heard };
}

const turn = (seat: "A" | "B"): Event => ({ type: "turn_started", seat, turn: 4, first_turn: false });
const attack: Event = { type: "attack_declared", seat: "B", attackers: [{ hero: "center", target: "left" }] };
const blended = { type: "blended", seat: "A", hero: "left", blend: { id: 9, card: "chaser" } } as Event;
const lost = (seat: "A" | "B"): Event => ({ type: "round_lost", seat, round: 1, rounds_won: seat === "A" ? [0, 1] : [1, 0] });

describe("which cue plays on which event", () => {
  it("your turn only for your own turn; attack, blend; round won or lost from your side", () => {
    expect(cuesFor([turn("A")], "A")).toEqual(["your_turn"]);
    expect(cuesFor([turn("B")], "A")).toEqual([]);
    expect(cuesFor([attack, blended], "A")).toEqual(["attack", "blend"]);
    expect(cuesFor([lost("B")], "A")).toEqual(["round_won"]);
    expect(cuesFor([lost("A")], "A")).toEqual(["round_lost"]);
    // A spectator has no turn of their own.
    expect(cuesFor([turn("A"), lost("A")], null)).toEqual(["round_won"]);
    expect(cuesFor([attack, attack], "A")).toEqual(["attack"]);
  });
});

describe("the sound board", () => {
  it("is off until turned on: nothing plays and no AudioContext is made", () => {
    const { audio, board } = rig();
    expect(board.settings.on).toBe(false);
    expect(board.play("attack")).toBe(false);
    expect(audio.made).toBe(0);
  });

  it("plays the cue's notes once on, and remembers the choice and volume", () => {
    const { board, heard, storage } = rig();
    board.set({ on: true, volume: 0.3 });
    expect(board.play("round_won")).toBe(true);
    expect(heard()).toEqual(["round_won"]);
    expect(loadSound(storage)).toEqual({ on: true, volume: 0.3 });
    board.set({ volume: 0 });
    expect(board.play("attack")).toBe(false);
  });

  it("a bad stored setting falls back to off", () => {
    expect(loadSound(memoryStorage({ "gb.sound": "{not json" }))).toEqual({ on: false, volume: 0.6 });
    expect(loadSound(memoryStorage({ "gb.sound": '{"on":"yes","volume":7}' }))).toEqual({ on: false, volume: 0.6 });
  });
});

function Listener({ log, board }: { log: LogEntry[]; board: SoundBoard }) {
  useSoundCues(log, "A", board);
  return null;
}

describe("cues from the board's log", () => {
  it("plays what arrives, not what was there when the page opened, and nothing while off", () => {
    const { board, heard } = rig({ on: true, volume: 1 });
    const root = document.createElement("div");
    const first: LogEntry[] = [{ v: 1, event: turn("A") }, { v: 2, event: lost("B") }];
    act(() => render(<Listener log={first} board={board} />, root));
    expect(heard()).toEqual([]);
    const next = [...first, { v: 3, event: turn("B") }, { v: 3, event: attack }];
    act(() => render(<Listener log={next} board={board} />, root));
    expect(heard()).toEqual(["attack"]);
    act(() => render(<Listener log={[...next, { v: 4, event: blended }, { v: 4, event: turn("A") }]} board={board} />, root));
    expect(heard()).toEqual(["attack", "blend", "your_turn"]);
    // A log replaced wholesale (a snapshot after a reconnect) is not news.
    act(() => render(<Listener log={[{ v: 5, event: attack }]} board={board} />, root));
    expect(heard()).toEqual(["attack", "blend", "your_turn"]);
    board.set({ on: false });
    act(() => render(<Listener log={[{ v: 5, event: attack }, { v: 6, event: lost("A") }]} board={board} />, root));
    expect(heard()).toEqual(["attack", "blend", "your_turn"]);
  });

  it("the header menu turns sound on (with a chime) and sets the volume", () => {
    const { board, heard } = rig();
    const root = document.body.appendChild(document.createElement("div"));
    act(() => render(<SoundMenu board={board} />, root));
    expect(root.querySelector("summary")!.getAttribute("aria-label")).toBe("Sound: off");
    const range = root.querySelector<HTMLInputElement>('input[type="range"]')!;
    expect(range.disabled).toBe(true);
    act(() => root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.click());
    expect(board.settings.on).toBe(true);
    expect(heard()).toEqual(["your_turn"]);
    act(() => { range.value = "40"; range.dispatchEvent(new Event("change")); });
    expect(board.settings.volume).toBe(0.4);
    expect(root.querySelector("summary")!.getAttribute("aria-label")).toBe("Sound: on, volume 40%");
  });
});
