// App shell: header with navigation and account, and the page for the current route.
import { useCallback, useEffect, useState } from "preact/hooks";
import { api } from "./api";
import { loadCatalogue, type Catalogue } from "./catalogue";
import type { Account } from "./protocol";
import { linkClick, useRoute, type Route } from "./router";
import { DeckBuilder } from "./view/deckbuilder";
import { HowToPlay } from "./view/howto";
import { LeaderboardPage } from "./view/leaderboard";
import { Lobby } from "./view/lobby";
import { ProfilePage } from "./view/profile";
import { RoomPage } from "./view/room";
import { SoundMenu } from "./view/sound";
import { ReplayPage } from "./view/replay";
import { NewTournament, PrintPage, TournamentPage } from "./view/event";

export interface Session {
  /** undefined while loading; null when signed out. */
  account: Account | null | undefined;
  setAccount: (a: Account | null) => void;
  catalogue: Catalogue | null;
  catalogueError: string | null;
}

export function App() {
  const route = useRoute();
  const [account, setAccountState] = useState<Account | null | undefined>(undefined);
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [catalogueError, setCatalogueError] = useState<string | null>(null);
  const setAccount = useCallback((a: Account | null) => setAccountState(a), []);

  useEffect(() => {
    api.session().then(setAccountState, (e: unknown) => {
      // Signed out whatever went wrong, but that is worth a console line.
      console.warn("GET /api/session failed", e);
      setAccountState(null);
    });
    loadCatalogue().then(setCatalogue, (e: unknown) => setCatalogueError(String(e)));
  }, []);

  useEffect(() => {
    document.title = `${title(route)} · Gem Blenders Online`;
  }, [route]);

  const session: Session = { account, setAccount, catalogue, catalogueError };
  return (
    <>
      <a class="skip-link" href="#main">Skip to content</a>
      <header class="topbar">
        <a class="brand" href="/" onClick={linkClick} aria-label="Gem Blenders Online, lobby">
          <span class="brand-gem" aria-hidden="true">◆</span> <span class="brand-words">Gem Blenders <span class="brand-online">Online</span></span>
        </a>
        <nav aria-label="Main">
          <a href="/" onClick={linkClick} aria-current={route.name === "lobby" ? "page" : undefined}>Lobby</a>
          <a href="/decks" onClick={linkClick} aria-current={route.name === "decks" ? "page" : undefined}>Decks</a>
          <a href="/tournaments/new" onClick={linkClick} aria-current={route.name === "new_tournament" ? "page" : undefined}>Run a tournament</a>
          <a href="/leaderboard" onClick={linkClick} aria-current={route.name === "leaderboard" ? "page" : undefined}>Leaderboard</a>
          <a href="/how-to-play" onClick={linkClick} aria-current={route.name === "howto" ? "page" : undefined}>How to play</a>
        </nav>
        <span class="whoami" aria-live="polite">
          {account ? <>{account.display_name}{account.guest ? " (guest)" : ""}</> : null}
        </span>
        <SoundMenu />
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} session={session} />
      </main>
    </>
  );
}

function title(route: Route): string {
  switch (route.name) {
    case "lobby": return "Lobby";
    case "decks": return "Deck builder";
    case "howto": return "How to play";
    case "room": return `Room ${route.id}`;
    case "replay": return `Replay ${route.id}`;
    case "new_tournament": return "New tournament";
    case "tournament": return "Tournament";
    case "tournament_print": return `Print: ${route.kind.replace(/-/g, " ")}`;
    case "leaderboard": return "Leaderboard";
    case "player": return route.player;
    case "not_found": return "Not found";
  }
}

function Page({ route, session }: { route: Route; session: Session }) {
  switch (route.name) {
    case "lobby":
      return <Lobby session={session} />;
    case "decks":
      return <DeckBuilder session={session} />;
    case "howto":
      return <HowToPlay />;
    case "room":
      return <RoomPage key={route.id} id={route.id} watch={route.watch} session={session} />;
    case "replay":
      return <ReplayPage key={route.id} id={route.id} session={session} />;
    case "new_tournament":
      return <NewTournament session={session} />;
    case "tournament":
      return <TournamentPage key={route.id} id={route.id} session={session} />;
    case "tournament_print":
      return <PrintPage key={`${route.id}/${route.kind}`} id={route.id} kind={route.kind} />;
    case "leaderboard":
      return <LeaderboardPage format={route.format} />;
    case "player":
      return <ProfilePage key={route.player} name={route.player} />;
    case "not_found":
      return (
        <section class="panel">
          <h1>Page not found</h1>
          <p>Nothing lives at <code>{route.path}</code>. <a href="/" onClick={linkClick}>Back to the lobby</a>.</p>
        </section>
      );
  }
}
