// "How to play": the board, a turn, attacks, rounds and a game, in a page reachable from the header.
// Rule numbers (CR …) are the comprehensive rules' section numbers, as the server's rejections cite them.
import { linkClick } from "../router";
import { KeyboardHelp, SoundHelp } from "./keyhelp";

export function HowToPlay() {
  return (
    <article class="panel howto">
      <h1>How to play</h1>
      <p class="lede">Two players, 20 HP each. Knock your opponent to 0 HP to win a round; win two rounds to win the game.
        The board only ever offers moves the rules allow, so you can click around freely.</p>

      <h2>The board</h2>
      <ul>
        <li>Each player has four <strong>heroes</strong> in a diamond: left, center, right and back. The left, center and right
          heroes are the <strong>frontline</strong> and may attack; the back hero cannot (CR 203.1c–d).</li>
        <li>Your diamond is at the bottom, your opponent's at the top, mirrored: each frontline hero faces the
          <strong> opposite position hero</strong> across the middle (CR 300.3).</li>
        <li>A hero shows its <strong>ATK</strong> and <strong>DEF</strong>. Stats or effects marked ◈ only work once the hero holds
          at least one <strong>gem</strong> (CR 300.5). Hover, tap or focus any card to read its full text and why its
          numbers changed.</li>
        <li>The <strong>action meter</strong> beside your HP holds the actions you played; it has 5 slots and empties when a
          round ends (CR 303.3, 206.3).</li>
      </ul>

      <h2>A turn</h2>
      <ol>
        <li><strong>Draw</strong> a card (the first player skips this on the very first turn, CR 200.9).</li>
        <li><strong>Play</strong>, in any order: equip one gem from your hand on a hero (once a turn, CR 301.2);
          <strong> blend</strong> a hero by playing a blend card on a hero holding the gems it asks for — the blend's ATK, DEF and
          effect replace the hero's (CR 302.8); play <strong>actions</strong> into your meter; use hero effects.</li>
        <li><strong>Attack</strong> once, with any of your frontline heroes at the same time (CR 203.1a–b).</li>
        <li><strong>End your turn.</strong></li>
      </ol>

      <h2>Attacks</h2>
      <p>Each attacking hero deals its ATK minus the opposite hero's DEF to your opponent's HP (CR 204.3). The defender may
        <strong> deblend to block</strong>: throw away a blend to stop the damage from the hero attacking it (CR 204.4). Timed
        actions such as Invert or Block Attack can be played in answer to an attack.</p>

      <h2>Rounds and the game</h2>
      <p>When a player's HP reaches 0 they lose the round (CR 206.1). Both players go back to 20 HP, the action meters
        are cleared, and each player may <strong>substitute</strong> one hero on the field with one from the bench, the round's
        winner first (CR 206.3). Everything else stays where it is. The first to win two rounds wins the game (CR 206.2).</p>
      <p>A room can be <strong>best of 3</strong>: the first player to win two games wins the series.</p>

      <KeyboardHelp />
      <SoundHelp />
      <h2>Play now and ratings</h2>
      <p><strong>Play now</strong> in the lobby looks for an opponent near your rating, in one game or a best of 3, rated
        or casual; the longer you wait, the wider the search. You may ask for the computer if nobody is found in time
        (never rated). A rated game changes both players' rating for its format (Glicko-2); a rating shows a
        <strong>?</strong> while it is still provisional, and the <a href="/leaderboard" onClick={linkClick}>leaderboard</a> lists
        settled ratings only.</p>
      <p><strong>If your opponent leaves</strong> mid-game, a countdown shows how long they have to come back (a minute).
        After it you may <strong>claim the win</strong> (it counts as their loss, rated or not), in a casual game
        <strong>call it a draw</strong> (nobody wins, no rating changes), or keep waiting. At an event's table the
        event's own rules and its judges decide instead.</p>

      <p><a href="/" onClick={linkClick}>Back to the lobby</a> — or press <strong>Play the computer</strong> there to try it now.</p>
    </article>
  );
}
