// Creating an event: the organizer's form for its settings (docs/tournaments.md, "Settings").
import { useState } from "preact/hooks";
import type { Session } from "../../app";
import type { NextGameChooser } from "../../gen/NextGameChooser";
import { linkClick, navigate } from "../../router";
import { type Settings, tournaments } from "../../tournament";

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function NewTournament({ session }: { session: Session }) {
  const [name, setName] = useState("Friday Night Blend");
  const [rounds, setRounds] = useState("auto");
  const [topCut, setTopCut] = useState("8");
  const [games, setGames] = useState<1 | 3>(3);
  const [chooser, setChooser] = useState<NextGameChooser>("loser");
  const [minutes, setMinutes] = useState(45);
  const [checkIn, setCheckIn] = useState(true);
  const [noShow, setNoShow] = useState(10);
  const [deckLists, setDeckLists] = useState<Settings["deck_lists"]>("private");
  const [lateUntil, setLateUntil] = useState(2);
  const [error, setError] = useState<string | null>(null);
  if (!session.account) return <section class="panel"><h1>New tournament</h1><p>Sign in (as a guest is fine) in the <a href="/" onClick={linkClick}>lobby</a> first.</p></section>;
  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    const settings: Settings = {
      structure: { kind: "swiss", rounds: rounds === "auto" ? "auto" : Number(rounds), top_cut: topCut === "0" ? null : Number(topCut) },
      games_per_match: games, next_game_chooser: chooser, round_minutes: minutes,
      end_of_round: { extra_turns: 3 }, spectator_delay_seconds: 0,
      check_in: checkIn, no_show_seconds: noShow * 60, deck_lists: deckLists, late_entry_until_round: lateUntil,
    };
    try {
      const ev = await tournaments.create(name, settings);
      navigate(`/tournaments/${encodeURIComponent(ev.id)}`);
    } catch (err) {
      setError(message(err));
    }
  };
  return (
    <form class="panel" onSubmit={create} aria-labelledby="new-t-h">
      <h1 id="new-t-h">New tournament</h1>
      <div class="field"><label for="t-name">Event name</label><input id="t-name" value={name} onInput={(e) => setName(e.currentTarget.value)} /></div>
      <div class="field"><label for="t-rounds">Swiss rounds</label>
        <select id="t-rounds" value={rounds} onChange={(e) => setRounds(e.currentTarget.value)}>
          <option value="auto">By the number of players</option>
          {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => <option key={n} value={String(n)}>{n}</option>)}
        </select></div>
      <div class="field"><label for="t-cut">Top cut</label>
        <select id="t-cut" value={topCut} onChange={(e) => setTopCut(e.currentTarget.value)}>
          <option value="0">None</option><option value="2">Top 2</option><option value="4">Top 4</option><option value="8">Top 8</option>
        </select></div>
      <div class="field"><label for="t-games">Games per match</label>
        <select id="t-games" value={String(games)} onChange={(e) => setGames(e.currentTarget.value === "1" ? 1 : 3)}>
          <option value="3">Best of 3</option><option value="1">One game</option>
        </select></div>
      {games === 3 ? <div class="field"><label for="t-chooser">Who chooses to go first in games 2 and 3</label>
        <select id="t-chooser" value={chooser} onChange={(e) => setChooser(e.currentTarget.value === "winner" ? "winner" : "loser")}>
          <option value="loser">The previous game's loser (MTR)</option><option value="winner">The previous game's winner (Summoning Gems rules)</option>
        </select></div> : null}
      <div class="field"><label for="t-minutes">Round time limit (minutes)</label>
        <input id="t-minutes" type="number" min={1} max={1440} value={minutes} onInput={(e) => setMinutes(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-noshow">No-show after (minutes without joining the table; 0: never)</label>
        <input id="t-noshow" type="number" min={0} max={60} value={noShow} onInput={(e) => setNoShow(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-late">Late entries until round</label>
        <input id="t-late" type="number" min={1} max={40} value={lateUntil} onInput={(e) => setLateUntil(Number(e.currentTarget.value))} /></div>
      <div class="field"><label for="t-decks">Deck lists after the event (none is shown while it runs)</label>
        <select id="t-decks" value={deckLists} onChange={(e) => setDeckLists(e.currentTarget.value as Settings["deck_lists"])}>
          <option value="private">Private</option><option value="top_cut">Publish the top cut's</option><option value="all">Publish all</option>
        </select></div>
      <div class="field"><label><input type="checkbox" checked={checkIn} onChange={(e) => setCheckIn(e.currentTarget.checked)} /> Players must check in before round 1</label></div>
      <button type="submit" class="primary">Create tournament</button>
      {error ? <p class="error" role="alert">{error}</p> : null}
    </form>
  );
}
