// Sound cues, synthesized with the Web Audio API (no audio files): your turn, an attack, a blend, a round won or
// lost. Off until the player turns it on (the header's sound menu, view/sound.tsx); the choice and the volume are
// remembered in localStorage. The AudioContext is made on the first cue after sound is turned on (browsers let a
// page make sound only after a user gesture, and turning it on is one).
import type { Event } from "./gen/Event";
import type { Seat } from "./gen/Seat";

export type Cue = "your_turn" | "attack" | "blend" | "round_won" | "round_lost";

/** One synthesized note: frequency (Hz, gliding to `to`), start and length (s), waveform and loudness (0–1). */
interface Note { f: number; to?: number; at: number; len: number; wave: OscillatorType; gain: number }
const n = (f: number, at: number, len: number, wave: OscillatorType = "triangle", gain = 0.6, to?: number): Note => ({ f, at, len, wave, gain, to });

export const CUES: Record<Cue, Note[]> = {
  // A bright two-note chime: the decision is yours.
  your_turn: [n(659.3, 0, 0.18), n(880, 0.12, 0.32)],
  // A falling sawtooth swipe.
  attack: [n(330, 0, 0.22, "sawtooth", 0.35, 90), n(110, 0.05, 0.18, "square", 0.2, 60)],
  // A rising shimmer: the hero becomes something else.
  blend: [n(523.3, 0, 0.14, "sine"), n(659.3, 0.07, 0.14, "sine"), n(784, 0.14, 0.14, "sine"), n(1046.5, 0.21, 0.35, "sine")],
  // A short fanfare.
  round_won: [n(392, 0, 0.16), n(523.3, 0.13, 0.16), n(659.3, 0.26, 0.16), n(784, 0.4, 0.55, "triangle", 0.7)],
  // Falling, in a minor key.
  round_lost: [n(392, 0, 0.24, "sine"), n(311.1, 0.2, 0.24, "sine"), n(261.6, 0.4, 0.6, "sine")],
};

/**
 * The cues a batch of new events plays for the viewer `me` (null: a spectator, who has no turn and no side),
 * each at most once, in the order they happened.
 */
export function cuesFor(events: readonly Event[], me: Seat | null): Cue[] {
  const out: Cue[] = [];
  const add = (c: Cue) => { if (!out.includes(c)) out.push(c); };
  for (const e of events) {
    switch (e.type) {
      case "turn_started": if (me !== null && e.seat === me) add("your_turn"); break;
      case "attack_declared": add("attack"); break;
      case "blended": add("blend"); break;
      // The seat that lost the round (CR 206.1); a spectator hears the round end as won.
      case "round_lost": add(me !== null && e.seat === me ? "round_lost" : "round_won"); break;
      default: break;
    }
  }
  return out;
}

export interface SoundSettings { on: boolean; volume: number }
export const DEFAULT_SOUND: SoundSettings = { on: false, volume: 0.6 };
const KEY = "gb.sound";

export function loadSound(storage: Pick<Storage, "getItem"> | null): SoundSettings {
  try {
    const s = JSON.parse(storage?.getItem(KEY) ?? "null") as Partial<SoundSettings> | null;
    if (!s) return DEFAULT_SOUND;
    const volume = typeof s.volume === "number" && s.volume >= 0 && s.volume <= 1 ? s.volume : DEFAULT_SOUND.volume;
    return { on: s.on === true, volume };
  } catch {
    return DEFAULT_SOUND;
  }
}

type Ctx = Pick<AudioContext, "createOscillator" | "createGain" | "currentTime" | "destination" | "state" | "resume">;

/** The page's sound: settings, their listeners, and the cues played through one AudioContext. */
export class SoundBoard {
  settings: SoundSettings;
  private ctx: Ctx | null = null;
  private listeners = new Set<(s: SoundSettings) => void>();

  constructor(
    private makeContext: () => Ctx | null = defaultContext,
    private storage: Pick<Storage, "getItem" | "setItem"> | null = safeStorage(),
  ) {
    this.settings = loadSound(storage);
  }

  set(next: Partial<SoundSettings>) {
    this.settings = { ...this.settings, ...next };
    try { this.storage?.setItem(KEY, JSON.stringify(this.settings)); } catch { /* storage full or off: not remembered */ }
    for (const l of this.listeners) l(this.settings);
  }

  subscribe(l: (s: SoundSettings) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Plays `cue` after `delay` seconds; nothing while sound is off or the volume is 0. Returns whether it played. */
  play(cue: Cue, delay = 0): boolean {
    const { on, volume } = this.settings;
    if (!on || volume <= 0) return false;
    this.ctx ??= this.makeContext();
    const ctx = this.ctx;
    if (!ctx) return false;
    if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
    const t0 = ctx.currentTime + delay;
    for (const note of CUES[cue]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = t0 + note.at;
      const end = start + note.len;
      osc.type = note.wave;
      osc.frequency.setValueAtTime(note.f, start);
      if (note.to) osc.frequency.exponentialRampToValueAtTime(note.to, end);
      // A quick attack and an exponential fade: no clicks at either end.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.linearRampToValueAtTime(0.25 * volume * note.gain, start + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(start);
      osc.stop(end + 0.05);
    }
    return true;
  }

  /** Several cues from one update, one after the other rather than all at once (at most three). */
  playAll(cues: Cue[]) {
    cues.slice(0, 3).forEach((c, i) => this.play(c, i * 0.45));
  }
}

function defaultContext(): Ctx | null {
  const C = typeof window === "undefined" ? undefined : window.AudioContext;
  return C ? new C() : null;
}

function safeStorage(): Storage | null {
  try { return typeof localStorage === "undefined" ? null : localStorage; } catch { return null; }
}

/** The app's one sound board. */
export const sound = new SoundBoard();
