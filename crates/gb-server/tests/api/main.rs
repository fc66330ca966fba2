//! Integration tests of the HTTP API against real databases (SQLite file and PostgreSQL).
mod helpers;
#[allow(dead_code)]
#[path = "../support/nats.rs"]
mod nats;

/// For each `async fn name(backend: Backend)`, generates `name::sqlite` and `name::postgres` tests,
/// so every API behaviour is checked on both engines.
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name(crate::helpers::Backend::Sqlite).await
                }
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name(crate::helpers::Backend::Postgres).await
                }
            }
        )*
    };
}

mod abuse;
mod accounts;
mod brute_force;
mod churn;
mod computer;
mod decks;
mod delay_rebuild;
mod descriptors;
mod emotes;
mod fenced_append;
mod free_for_all;
mod headers;
mod history;
mod leaving;
mod listener;
mod names;
mod ops;
mod pg_group_commit;
mod play;
mod profile_games;
mod queue;
mod quotas;
mod ratings;
mod rebuild;
mod relay;
mod relay_failover;
mod relay_gap;
mod relay_limits;
mod relay_moves;
mod relay_not_saved;
mod relay_rest;
mod replays;
mod rest;
mod series;
mod sessions;
mod signups;
mod takeback;
mod timing;
mod tournament_announcements;
mod tournament_attendance;
mod tournament_clock;
mod tournament_computers;
mod tournament_console;
mod tournament_corrections;
mod tournament_dead_ends;
mod tournament_deck_lists;
mod tournament_event;
mod tournament_featured;
mod tournament_judge_view;
mod tournament_listing;
mod tournament_next_game;
mod tournament_no_show;
mod tournament_penalties;
mod tournament_playoff_seeds;
mod tournament_playoff_time;
mod tournament_repair;
mod tournament_table_end;
mod tournaments;
mod ws_timeouts;
mod wsclient;
