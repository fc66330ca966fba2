// How to play's keyboard and sound sections: the board's shortcuts (keys.ts), with the switch that turns the
// single-key ones off (WCAG 2.1.4, kept in localStorage), and where sound is turned on.
import { useState } from "preact/hooks";
import { setShortcuts, shortcutsOn } from "../keys";

export const SHORTCUTS: [string, string][] = [
  ["H", "Focus your hand (the picked card, else the first playable one)."],
  ["B", "Focus the board: your first hero (one the picked card can go on, if any)."],
  ["P", "Focus the prompt: the first answer to the question, or the first of Declare attack, Pass, End turn."],
  ["1 – 9", "Pick that card of your hand; focus jumps to the first hero it can be played on (or its Play button)."],
  ["← ↑ → ↓", "Move between heroes as they are drawn (yours and your opponent's), or along your hand."],
  ["Enter", "On a highlighted hero: play the picked card there (or choose the hero when a question asks for one)."],
  ["Esc", "Put the picked card back, clear the attack you are drafting."],
];

export function KeyboardHelp() {
  const [on, setOn] = useState(shortcutsOn);
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">Keyboard</h2>
      <p>Everything can be played with Tab and Enter. On the board these shortcuts are quicker: pick the third card of
        your hand and play it on the first hero it fits with <kbd>3</kbd> <kbd>Enter</kbd>; on another hero, move there
        with the arrow keys first.</p>
      <table class="shortcuts">
        <thead><tr><th scope="col">Key</th><th scope="col">What it does</th></tr></thead>
        <tbody>{SHORTCUTS.map(([k, what]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{what}</td></tr>)}</tbody>
      </table>
      <label class="shortcut-toggle">
        <input type="checkbox" checked={on} onChange={(e) => { const v = (e.currentTarget as HTMLInputElement).checked; setShortcuts(v); setOn(v); }} />
        {" "}Use the single-key shortcuts (turn off if they get in the way of your screen reader or speech input)
      </label>
    </section>
  );
}

/** How to play's word on sound: where to turn it on. */
export function SoundHelp() {
  return (
    <section aria-labelledby="sound-title">
      <h2 id="sound-title">Sound</h2>
      <p>Short sound cues say when it is your turn, when an attack is declared, when a hero blends and when a round is
        won or lost. They are off until you turn them on with the speaker button in the header, where you also set the
        volume; this browser remembers your choice.</p>
    </section>
  );
}
