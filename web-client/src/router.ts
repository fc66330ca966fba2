// A tiny History-API router: a handful of routes, no dependency. The server answers unknown paths with
// index.html, so deep links and reloads work.
import { useEffect, useState } from "preact/hooks";

/** The event's print pages (view/event/print.tsx): /tournaments/{id}/print/{kind}. */
export const PRINT_KINDS = ["pairings", "pairings-by-name", "slips", "standings", "seatings"] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];
const isPrintKind = (s: string | undefined): s is PrintKind => (PRINT_KINDS as readonly string[]).includes(s ?? "");

export type Route =
  | { name: "lobby" }
  | { name: "decks" }
  | { name: "howto" }
  | { name: "room"; id: string; watch: boolean }
  | { name: "replay"; id: string }
  | { name: "new_tournament" }
  | { name: "tournament"; id: string }
  | { name: "tournament_print"; id: string; kind: PrintKind }
  | { name: "leaderboard"; format: "bo1" | "bo3" }
  | { name: "player"; player: string }
  | { name: "not_found"; path: string };

export function parseRoute(pathname: string, search = ""): Route {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts.length === 0) return { name: "lobby" };
  if (parts[0] === "decks" && parts.length === 1) return { name: "decks" };
  if (parts[0] === "how-to-play" && parts.length === 1) return { name: "howto" };
  if (parts[0] === "rooms" && parts.length === 2 && parts[1]) {
    return { name: "room", id: parts[1], watch: new URLSearchParams(search).has("watch") };
  }
  if (parts[0] === "replays" && parts.length === 2 && parts[1]) return { name: "replay", id: parts[1] };
  if (parts[0] === "tournaments" && parts.length === 2 && parts[1] === "new") return { name: "new_tournament" };
  if (parts[0] === "tournaments" && parts.length === 2 && parts[1]) return { name: "tournament", id: parts[1] };
  if (parts[0] === "tournaments" && parts.length === 4 && parts[1] && parts[2] === "print" && isPrintKind(parts[3])) {
    return { name: "tournament_print", id: parts[1], kind: parts[3] };
  }
  if (parts[0] === "leaderboard" && parts.length === 1) {
    return { name: "leaderboard", format: new URLSearchParams(search).get("format") === "bo3" ? "bo3" : "bo1" };
  }
  if (parts[0] === "players" && parts.length === 2 && parts[1]) return { name: "player", player: parts[1] };
  return { name: "not_found", path: pathname };
}

const CHANGE = "gb:navigate";

export function navigate(to: string): void {
  if (to === location.pathname + location.search) return;
  history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo(0, 0);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname, location.search));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname, location.search));
    window.addEventListener("popstate", update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener("popstate", update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return route;
}

/** Click handler for in-app links: plain left clicks navigate in place; modified clicks open normally. */
export function linkClick(e: MouseEvent): void {
  const a = (e.currentTarget as HTMLElement).closest("a");
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (a.origin !== location.origin) return;
  e.preventDefault();
  navigate(a.pathname + a.search);
}
