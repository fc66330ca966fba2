#!/usr/bin/env python3
"""Plays matches against a running gb-server (or nginx in front of a cluster) and checks that nothing
acknowledged was lost (deploy/standins.sh; docs/multi-node.md "Compose, with local stand-in images").

Each match: two guests, a public best-of-one room, two seats playing random legal intents (conceding after
--max-intents each, so every match ends) and one spectator. Every client reconnects when its socket closes and
resumes with the version it holds (a snapshot when a patch does not apply), as the cluster tests' players do
(crates/gb-server/tests/support/players.rs). With --restart-cmd, once match 0 reaches --restart-at versions the
command runs once, `{node}` replaced by the service owning match 0's room (room_leases), `{room}` by the room.

Afterwards the log of every match is read with --psql (a command that runs SQL from stdin, e.g.
`docker-compose exec -T db psql -U gb -d gb -At`) and checked as check_log does (tests/support/cluster.rs):
versions 1..N, epochs never decreasing, no intent_key twice, every `accepted {seq, v}` a seat was told is the
log's row v, from that seat, with the same intent, and no version acknowledged twice; and each match finished and
its spectator never went backwards. Prints one JSON summary line; exit 1 when a check fails.

Needs python3 with `websockets` (pip install websockets).
"""
import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import time
import urllib.error
import urllib.request

import websockets

DECKS = ["fire-and-wind", "tide-and-stone", "night-and-light", "storm-court"]
PROTOCOL = 6


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


# --- REST -------------------------------------------------------------------------------------------------------

def http(method, url, body=None, cookie=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if cookie:
        req.add_header("cookie", cookie)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            text = r.read().decode()
            return r.status, r.headers, (json.loads(text) if text else None)
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode()


def retrying(what, f, secs=20):
    deadline = time.time() + secs
    while True:
        try:
            status, headers, body = f()
            if 200 <= status < 300:
                return headers, body
            err = f"HTTP {status}: {body}"
        except OSError as e:
            err = repr(e)
        if time.time() > deadline:
            raise RuntimeError(f"{what}: {err}")
        time.sleep(0.2)


def guest(base, name):
    headers, _ = retrying("guest", lambda: http("POST", f"{base}/api/guest", {"display_name": name}))
    for c in headers.get_all("set-cookie") or []:
        kv = c.split(";")[0]
        if kv.startswith("gb_session="):
            return kv
    raise RuntimeError("no session cookie")


def table(base, n, run):
    a = guest(base, f"std{run}m{n}a")
    b = guest(base, f"std{run}m{n}b")
    create = {"visibility": "public", "best_of": 1, "spectator_delay": None, "clock": None, "vs_bot": False,
              "bot_level": None}
    _, room = retrying("create room", lambda: http("POST", f"{base}/api/rooms", create, a))
    rid = room["id"]
    seats = {}
    for i, c in enumerate([a, b]):
        deck = {"preconstructed": DECKS[(n + i) % 4]}
        _, reply = retrying("seat", lambda: http("POST", f"{base}/api/rooms/{rid}/seats", deck, c))
        seats[c] = reply["seat"]
    _, info = retrying("room", lambda: http("GET", f"{base}/api/rooms/{rid}"))
    return rid, info["games"][0]["match_id"], [(a, seats[a]), (b, seats[b])]


# --- the document a viewer holds (docs/protocol.md "Deltas") ------------------------------------------------------

class PatchError(Exception):
    pass


def _tokens(path):
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(path)
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def apply_op(doc, op):
    path = op[0]
    add = path.startswith("+")
    if add:
        path = path[1:]
    toks = _tokens(path)
    if not toks:
        if len(op) < 2:
            raise PatchError("remove of the root")
        return op[1]
    parent = doc
    try:
        for t in toks[:-1]:
            parent = parent[int(t)] if isinstance(parent, list) else parent[t]
        last = toks[-1]
        if isinstance(parent, list):
            if add:
                if last == "-":
                    parent.append(op[1])
                else:
                    parent.insert(int(last), op[1])
            elif len(op) == 1:
                del parent[int(last)]
            else:
                parent[int(last)] = op[1]
        else:
            if len(op) == 1:
                del parent[last]
            else:
                if not add and last not in parent:
                    raise PatchError(path)
                parent[last] = op[1]
    except (KeyError, IndexError, ValueError, TypeError) as e:
        raise PatchError(f"{path}: {e!r}")
    return doc


class Held:
    def __init__(self):
        self.doc, self.v = None, None

    def fold(self, m):
        t = m.get("type")
        if t == "snapshot":
            self.doc = dict(m["view"])
            self.doc["legal"] = m.get("legal", [])
            self.v = m["v"]
        elif t == "update":
            if self.doc is None or self.v is None or m["v"] != self.v + 1:
                raise PatchError(f"update {m['v']} on {self.v}")
            doc = self.doc
            for op in m["patch"]:
                doc = apply_op(doc, op)
            self.doc, self.v = doc, m["v"]
        elif t == "skip":
            if self.v is None or m["v"] != self.v + 1:
                raise PatchError(f"skip {m['v']} on {self.v}")
            self.v = m["v"]

    def over(self):
        return self.doc is not None and self.doc.get("outcome") is not None

    def legal(self):
        return [] if self.doc is None else self.doc.get("legal", [])


# --- clients ------------------------------------------------------------------------------------------------------

async def connect(ws_base, room, cookie, role, held):
    headers = {"cookie": cookie} if cookie else {}
    ws = await websockets.connect(f"{ws_base}/ws/rooms/{room}", additional_headers=headers, open_timeout=10,
                                  max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "as": role, "last_version": held.v}))
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if m.get("type") == "welcome":
            return ws, m


class Seat:
    def __init__(self, idx, seat, cookie, rng, think, max_intents):
        self.idx, self.seat, self.cookie = idx, seat, cookie
        self.rng, self.think, self.max = rng, think, max_intents
        self.seq, self.sent, self.acks = 0, {}, []
        self.connects, self.finished, self.closes = 0, False, []
        self.trace = None

    async def act(self, ws, legal):
        legal = [i for i in legal if i.get("type") != "concede"]
        if not legal:
            return
        await asyncio.sleep(self.think * (0.5 + self.rng.random()))
        self.seq += 1
        # A copy: the held document's later patches change its legal list in place.
        intent = {"type": "concede"} if self.seq > self.max else json.loads(json.dumps(self.rng.choice(legal)))
        self.sent[self.seq] = intent
        msg = json.dumps({"type": "intent", "seq": self.seq, "intent": intent})
        if self.trace:
            self.trace.write(f"{time.time():.3f} > {msg}\n")
        await ws.send(msg)


async def play_seat(m, s, until):
    held = Held()
    while time.time() < until:
        try:
            ws, welcome = await connect(m.ws_base, m.room, s.cookie, "player", held)
        except Exception:
            await asyncio.sleep(0.2)
            continue
        s.connects += 1
        try:
            if held.v is not None and welcome.get("version") == held.v:
                await s.act(ws, held.legal())
            async for raw in ws:
                f = json.loads(raw)
                t = f.get("type")
                if s.trace:
                    s.trace.write(f"{time.time():.3f} < {raw}\n")
                if t == "accepted":
                    s.acks.append({"v": f["v"], "seq": f["seq"], "intent": s.sent.pop(f["seq"])})
                    m.head = max(m.head, f["v"])
                    continue
                if t in ("snapshot", "update", "skip"):
                    try:
                        held.fold(f)
                    except PatchError:
                        held = Held()  # drop it: the next connection gets a snapshot
                        break
                    m.head = max(m.head, held.v or 0)
                    if held.over():
                        s.finished = True
                        return
                    if t != "skip":
                        await s.act(ws, held.legal())
                elif t == "rejected":
                    await s.act(ws, f.get("legal", []))
                elif t == "error" and f.get("code") in ("unavailable", "not_saved"):
                    await s.act(ws, held.legal())
            s.closes.append(ws.close_code)
        except websockets.ConnectionClosed as e:
            s.closes.append(e.rcvd.code if e.rcvd else None)
        except Exception as e:  # a reset socket while a node restarts
            s.closes.append(repr(e)[:60])
        finally:
            await ws.close()
        await asyncio.sleep(0.1)


async def watch(m, until):
    held, shown = Held(), None
    while time.time() < until:
        try:
            ws, welcome = await connect(m.ws_base, m.room, None, "spectator", held)
        except Exception:
            await asyncio.sleep(0.2)
            continue
        m.watch_connects += 1
        if shown is not None and welcome.get("version", shown) < shown:
            m.backwards += 1
        try:
            async for raw in ws:
                f = json.loads(raw)
                if f.get("type") in ("snapshot", "update", "skip"):
                    if shown is not None and f["v"] < shown:
                        m.backwards += 1
                    shown = max(shown or 0, f["v"])
                    try:
                        held.fold(f)
                    except PatchError:
                        held = Held()
                        break
                    if held.over():
                        return
        except Exception:
            pass
        finally:
            await ws.close()
        await asyncio.sleep(0.1)


class Match:
    def __init__(self, n, base, room, match_id, seats, args):
        self.n, self.base, self.room, self.match_id = n, base, room, match_id
        self.ws_base = base.replace("http", "ws", 1)
        rng = random.Random(args.seed * 1000 + n)
        self.seats = [Seat(i, seat, c, random.Random(rng.random()), args.think_ms / 1000, args.max_intents)
                      for i, (c, seat) in enumerate(seats)]
        self.head, self.backwards, self.watch_connects = 0, 0, 0


def psql(cmd, sql):
    out = subprocess.run(cmd, shell=True, input=sql, capture_output=True, text=True, timeout=60)
    if out.returncode != 0:
        raise RuntimeError(f"psql: {out.stderr.strip()}")
    return out.stdout.strip()


def owner_service(args, room):
    sql = (f"SELECT n.addr FROM room_leases l JOIN nodes n ON n.node_id = l.owner_node "
           f"WHERE l.room_id = '{room}' AND n.expires_at > clock_timestamp();")
    addr = psql(args.psql, sql)
    return addr.split(":")[0] if addr else None


async def restarter(args, m0, report):
    while m0.head < args.restart_at:
        if all(s.finished for s in m0.seats):
            report["restart"] = "match 0 ended before the restart point"
            return
        await asyncio.sleep(0.05)
    node = owner_service(args, m0.room) if "{node}" in args.restart_cmd else None
    cmd = args.restart_cmd.replace("{node}", node or "").replace("{room}", m0.room)
    head = m0.head
    log(f"match 0 at v{head}: restarting{' ' + node if node else ''}: {cmd}")
    t = time.time()
    proc = await asyncio.create_subprocess_shell(cmd, stdout=asyncio.subprocess.DEVNULL,
                                                 stderr=asyncio.subprocess.PIPE)
    _, err = await proc.communicate()
    secs = round(time.time() - t, 1)
    log(f"restart command done in {secs} s (rc {proc.returncode}); match 0 now at v{m0.head}")
    report["restart"] = {"node": node, "at_version": head, "command_secs": secs, "rc": proc.returncode,
                         "versions_during": m0.head - head, "stderr": err.decode().strip()[-300:]}


def check(args, m):
    """check_log (tests/support/cluster.rs) plus: the match finished, the spectator never went backwards."""
    sql = ("SELECT coalesce(json_agg(json_build_object('v', version, 'seat', seat, 'intent', intent_json, "
           f"'epoch', epoch, 'key', intent_key, 'at', created_at) ORDER BY version), '[]') FROM match_intents "
           f"WHERE match_id = '{m.match_id}';")
    rows = json.loads(psql(args.psql, sql))
    problems = []
    for i, r in enumerate(rows):
        if r["v"] != i + 1:
            problems.append(f"I2: version {r['v']} at position {i + 1}")
            break
    if any(a["epoch"] > b["epoch"] for a, b in zip(rows, rows[1:])):
        problems.append("I2: an epoch decreased")
    keys = [r["key"] for r in rows if r["key"]]
    if len(keys) != len(set(keys)):
        problems.append("I6: an intent_key twice")
    seen, acked = set(), 0
    for s in m.seats:
        seat_no = ord(s.seat) - ord("A")
        for a in s.acks:
            acked += 1
            if a["v"] in seen:
                problems.append(f"version {a['v']} acknowledged twice")
            seen.add(a["v"])
            if a["v"] > len(rows):
                problems.append(f"I1: acknowledged v{a['v']} is not in the log ({len(rows)} rows)")
                continue
            r = rows[a["v"] - 1]
            if r["seat"] != seat_no:
                problems.append(f"I1: v{a['v']} acknowledged to seat {s.seat}, logged for seat {r['seat']}")
            if json.loads(r["intent"]) != a["intent"]:
                problems.append(f"I1: v{a['v']} logged {r['intent']}, acknowledged {json.dumps(a['intent'])}")
    if not all(s.finished for s in m.seats):
        problems.append("the match did not finish")
    if m.backwards:
        problems.append(f"the spectator was shown an older version {m.backwards} times")
    epochs = sorted({r["epoch"] for r in rows})
    # The longest pause between two versions (created_at, the owner's clock in ms): a failover shows here.
    gaps = [b["at"] - a["at"] for a, b in zip(rows, rows[1:])]
    return {"match": m.n, "room": m.room, "versions": len(rows), "acknowledged": acked,
            "acknowledged_found": acked - sum(1 for p in problems if p.startswith("I1")),
            "epochs": epochs, "max_gap_ms": max(gaps, default=0),
            "unacknowledged_logged": len(rows) - acked, "connects": [s.connects for s in m.seats], "closes": [s.closes for s in m.seats],
            "spectator_connects": m.watch_connects, "problems": problems}


async def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", default="http://127.0.0.1:8080")
    p.add_argument("--matches", type=int, default=1)
    p.add_argument("--think-ms", type=int, default=100)
    p.add_argument("--max-intents", type=int, default=60, help="intents a seat sends before it concedes")
    p.add_argument("--timeout", type=int, default=300)
    p.add_argument("--seed", type=int, default=int(time.time()))
    p.add_argument("--psql", required=True)
    p.add_argument("--restart-cmd")
    p.add_argument("--restart-at", type=int, default=20)
    p.add_argument("--trace", help="directory: every frame each seat sent and received, one file a seat")
    args = p.parse_args()

    t0 = time.time()
    matches = []
    for n in range(args.matches):
        room, match_id, seats = table(args.base, n, args.seed)
        matches.append(Match(n, args.base, room, match_id, seats, args))
        log(f"match {n}: room {room}, match {match_id}")
    if args.trace:
        os.makedirs(args.trace, exist_ok=True)
        for m in matches:
            for s in m.seats:
                s.trace = open(f"{args.trace}/match{m.n}-{s.seat}.log", "w")
    until = time.time() + args.timeout
    report = {"base": args.base, "matches": args.matches, "think_ms": args.think_ms,
              "max_intents": args.max_intents, "seed": args.seed}
    tasks = []
    for m in matches:
        tasks.append(asyncio.create_task(watch(m, until)))
        tasks += [asyncio.create_task(play_seat(m, s, until)) for s in m.seats]
    if args.restart_cmd:
        tasks.append(asyncio.create_task(restarter(args, matches[0], report)))
    await asyncio.gather(*tasks)
    report["play_secs"] = round(time.time() - t0, 1)
    report["results"] = [check(args, m) for m in matches]
    report["acknowledged"] = sum(r["acknowledged"] for r in report["results"])
    report["acknowledged_found"] = sum(r["acknowledged_found"] for r in report["results"])
    report["versions"] = sum(r["versions"] for r in report["results"])
    problems = [f"match {r['match']}: {p}" for r in report["results"] for p in r["problems"]]
    if args.restart_cmd and not isinstance(report.get("restart"), dict):
        problems.append(f"no restart: {report.get('restart')}")
    report["ok"] = not problems
    print(json.dumps(report))
    for pr in problems:
        log(f"FAILED: {pr}")
    log(f"{report['versions']} versions in {args.matches} matches; {report['acknowledged']} intents acknowledged, "
        f"{report['acknowledged_found']} found in the log; {'ok' if not problems else 'FAILED'}")
    sys.exit(0 if not problems else 1)


if __name__ == "__main__":
    asyncio.run(main())
