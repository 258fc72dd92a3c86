import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type HttpDrain = {
  /**
   * Stops accepting connections and resolves once every request in flight has been answered
   * and every connection is closed. Idle keep-alive connections close at once; a busy one
   * closes after its answer, which says `Connection: close` when it has not started yet.
   */
  drain(): Promise<void>;
};

/** The answer a connection is sending now (node:http's own field, unset between requests). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Tracks `server`'s connections from now on, so that it can be drained (ADR 70). Only
 * connections are tracked, not requests: a kept answer costs about 30 µs, and bookkeeping on
 * every response was a measurable share of it (bench/RESULTS.md). A keep-alive connection
 * carries many requests, so this runs rarely; the answers in flight are found when draining.
 */
export function drainable(server: Server): HttpDrain {
  const connections = new Set<HttpSocket>();
  server.on("connection", (socket: HttpSocket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  let drained: Promise<void> | undefined;
  return {
    drain() {
      drained ??= new Promise<void>((resolve, reject) => {
        // Node keeps a finished keep-alive connection open for its next request: not now.
        const closeWhenIdle = () => server.closeIdleConnections();
        // A request that arrives now on an open connection is its last one.
        server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
          res.setHeader("Connection", "close");
        });
        for (const socket of connections) {
          const res = socket._httpMessage;
          if (!res) continue;
          if (!res.headersSent) res.setHeader("Connection", "close");
          // An answer already under way keeps its keep-alive header: close after it.
          else res.once("close", closeWhenIdle);
        }
        server.close((error) => (error ? reject(error) : resolve()));
        closeWhenIdle();
      });
      return drained;
    },
  };
}
