// Replay page (/replays/{id}). The replay format is not specified yet; until it is, this page says so.
import { useEffect, useState } from "preact/hooks";
import type { Session } from "../app";
import { ApiError, api } from "../api";
import { linkClick } from "../router";

export function ReplayPage({ id }: { id: string; session: Session }) {
  const [state, setState] = useState<{ kind: "loading" } | { kind: "ok"; data: unknown } | { kind: "missing"; message: string }>({ kind: "loading" });
  useEffect(() => {
    api.replay(id).then(
      (data) => setState({ kind: "ok", data }),
      (e: unknown) => setState({
        kind: "missing",
        message: e instanceof ApiError && e.code === "no_such_endpoint" ? "This server does not serve replays yet."
          : e instanceof ApiError && e.status === 404 ? "There is no replay with this id." : String(e),
      }),
    );
  }, [id]);
  return (
    <section class="panel">
      <h1>Replay <code>{id}</code></h1>
      {state.kind === "loading" ? <p aria-busy="true">Loading replay…</p>
        : state.kind === "missing" ? <p class="empty">{state.message}</p>
        : <details><summary>Raw replay data</summary><pre class="raw">{JSON.stringify(state.data, null, 2)}</pre></details>}
      <p><a href="/" onClick={linkClick}>Back to the lobby</a></p>
    </section>
  );
}
