// The event pages (docs/tournaments.md, "Running an event"): creating one, its page and console, its print pages.
export { NewTournament } from "./new";
export { TournamentPage } from "./page";
export { PrintPage } from "./print";
