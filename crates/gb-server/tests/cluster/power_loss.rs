//! A power-loss-like stop under live play (issue 45): the owner of the most rooms and its database are
//! SIGKILLed at once. The cluster shares one PostgreSQL, so "its database" is the cluster's: the test runs a
//! private PostgreSQL server of its own (`initdb` in a temporary directory, started as the `postgres` user in its
//! own process group) so the machine's shared one is never touched, and kills the postmaster and every backend
//! together (`kill -KILL` of the node's pid and the server's process group in one command), so nothing is shut
//! down cleanly: no checkpoint, open transactions cut. PostgreSQL is started again on the same data directory
//! (crash recovery from its WAL), then the node on its ports. The surviving nodes cannot renew their leases
//! while the database is gone, so they self-fence (docs/multi-node.md "Ownership") and every room is claimed
//! again by a sweep. What a kill of processes cannot show: a lost OS page cache (that would need a VM's power).
//! Checked as for every cluster test (live.rs `finish`): an intent is acknowledged only once its commit
//! returned, so after crash recovery each acknowledged intent is in the log at its version, once (I1, I2, I6).
use crate::cluster::start_nodes_on;
use crate::live::{LIMITS, busiest, finish, owned_by, start_tables, totals, under_way};
use gb_server::Db;
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A private PostgreSQL server (trust, database `postgres`) in a temporary directory, as the `postgres` user.
struct Postgres {
    dir: PathBuf,
    port: u16,
    ids: (u32, u32),
    child: Option<Child>,
}

fn id(flag: &str) -> u32 {
    let out = Command::new("id").args([flag, "postgres"]).output().expect("id");
    String::from_utf8(out.stdout).unwrap().trim().parse().expect("a postgres user")
}

impl Postgres {
    async fn init() -> Postgres {
        let port = crate::process::free_port();
        let dir = std::env::temp_dir().join(format!("gb-pg-{port}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let ids = (id("-u"), id("-g"));
        std::os::unix::fs::chown(&dir, Some(ids.0), Some(ids.1)).unwrap();
        let ok = Command::new(format!("{BIN}/initdb"))
            .args(["-D", dir.to_str().unwrap(), "-A", "trust", "-U", "postgres", "--no-sync"])
            .current_dir(&dir)
            .uid(ids.0)
            .gid(ids.1)
            .stdout(Stdio::null())
            .status()
            .expect("initdb runs")
            .success();
        assert!(ok, "initdb");
        let mut pg = Postgres { dir, port, ids, child: None };
        pg.start().await;
        pg
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// The postmaster in a process group of its own (its backends inherit it); waits until it answers.
    async fn start(&mut self) {
        let dir = self.dir.to_str().unwrap();
        let child = Command::new(format!("{BIN}/postgres"))
            .args(["-D", dir, "-p", &self.port.to_string(), "-k", dir, "-c", "listen_addresses=127.0.0.1"])
            .args(["-c", "max_connections=200", "-c", "fsync=on"])
            .current_dir(&self.dir)
            .uid(self.ids.0)
            .gid(self.ids.1)
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("postgres starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        while Db::connect(&self.url()).await.is_err() {
            assert!(Instant::now() < deadline, "the private PostgreSQL never answered");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn pid(&self) -> u32 {
        self.child.as_ref().expect("running").id()
    }

    fn reap(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.wait();
        }
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(c) = &self.child {
            let _ = Command::new("kill").args(["-KILL", "--", &format!("-{}", c.id())]).status();
        }
        self.reap();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_and_its_database_killed_at_once_lose_nothing_acknowledged() {
    let _one = crate::ONE_CLUSTER.lock().await;
    let mut pg = Postgres::init().await;
    let store = Db::connect(&pg.url()).await.unwrap();
    let mut nodes = start_nodes_on(&pg.url(), 3, &LIMITS).await;
    let tables = start_tables(&store, &nodes, 10, Duration::from_millis(100), 4800).await;
    under_way(&store, &tables, 4).await;
    let k = busiest(&store, &nodes, &tables).await;
    let owned = owned_by(&store, nodes[k].base.trim_start_matches("http://")).await;

    // One command, two targets: the node's pid and the database's process group.
    let (node_pid, group) = (nodes[k].pid().to_string(), format!("-{}", pg.pid()));
    let killed = Instant::now();
    let ok = Command::new("kill").args(["-KILL", "--", &node_pid, &group]).status().unwrap().success();
    assert!(ok, "kill -KILL {node_pid} {group}");
    pg.reap();
    tokio::time::sleep(Duration::from_secs(1)).await;
    pg.start().await;
    let db_back = killed.elapsed();
    let node = nodes.remove(k).restart().await;
    nodes.insert(k, node);

    let played = finish(&store, tables).await;
    let (acked, changed) = totals(&played);
    let fenced: f64 = {
        let mut n = 0.0;
        for node in &nodes {
            n += node.metric("gb_self_fenced_total").await + node.metric("gb_lease_lost_total").await;
        }
        n
    };
    println!(
        "power loss: the owner of {} rooms and the database SIGKILLed at once; the database back after crash \
         recovery {db_back:?} later; {} of {} matches changed owner; survivors' self-fences and lost leases: \
         {fenced}; {acked} acknowledged intents, all in the log, none twice; every match finished",
        owned.len(),
        changed,
        played.len()
    );
    assert!(!owned.is_empty());
    assert!(changed >= owned.len(), "the dead node's rooms were claimed again: {changed} changed owner");
}
