import type { IncomingMessage, Server, ServerResponse } from "node:http";

export type HttpDrain = {
  /**
   * Stops accepting connections and resolves once every request in flight has been answered
   * and every connection is closed. Idle keep-alive connections close at once; a busy one
   * closes after its answer, which says `Connection: close` when it has not started yet.
   */
  drain(): Promise<void>;
};

/** Tracks `server`'s answers from now on, so that it can be drained (ADR 70). */
export function drainable(server: Server): HttpDrain {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const closeIfDone = (res: ServerResponse) => {
    inFlight.delete(res);
    // Node keeps a finished keep-alive connection open for its next request: not now.
    if (draining) server.closeIdleConnections();
  };
  // Before the app's own listener, which may answer at once (a kept public answer).
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader("Connection", "close");
    inFlight.add(res);
    // "close" ends every response, answered or cut off (one listener: this runs per request).
    res.once("close", () => closeIfDone(res));
  });
  let drained: Promise<void> | undefined;
  return {
    drain() {
      drained ??= new Promise<void>((resolve, reject) => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
      });
      return drained;
    },
  };
}
