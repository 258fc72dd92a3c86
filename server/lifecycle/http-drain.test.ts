import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drainable } from "./http-drain.server";

/*
 * Draining a real node:http server: a request in flight is answered, told the connection
 * closes, and the server closes right after it instead of keeping the socket for 5 s.
 */
function get(port: number, agent: Agent, path = "/") {
  return new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      request({ host: "127.0.0.1", port, agent, path }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

async function serverWithHeldAnswers() {
  const held: ServerResponse[] = [];
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => (arrived = resolve));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url === "/warm") return void res.end("warm");
    held.push(res);
    arrived();
  });
  const http = drainable(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, http, held, arrival, port: (server.address() as AddressInfo).port };
}

describe("draining the HTTP server", () => {
  it("answers the request in flight with Connection: close, then closes", async () => {
    const { server, http, held, arrival, port } = await serverWithHeldAnswers();
    const agent = new Agent({ keepAlive: true });
    const idleAgent = new Agent({ keepAlive: true });
    // An idle keep-alive connection besides the busy one.
    await get(port, idleAgent, "/warm");

    const answer = get(port, agent);
    await arrival;
    let closed = false;
    const drained = http.drain().then(() => (closed = true));
    expect(server.listening).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false); // the request in flight holds it open

    held[0]!.end("done");
    expect(await answer).toEqual({ status: 200, connection: "close", body: "done" });
    await drained;
    expect(closed).toBe(true);
    agent.destroy();
    idleAgent.destroy();
  });

  it("closes a connection whose answer had started, right after that answer", async () => {
    const { server, http, held, arrival, port } = await serverWithHeldAnswers();
    const agent = new Agent({ keepAlive: true });
    const answer = get(port, agent);
    await arrival;
    held[0]!.writeHead(200, { "Content-Type": "text/plain" });
    held[0]!.write("part ");
    const drained = http.drain();
    held[0]!.end("done");
    // The header was sent before the drain: it says keep-alive, yet the server does not wait
    // for the client to hang up (Node's keep-alive timeout is 5 s; the test's is shorter).
    expect(await answer).toEqual({ status: 200, connection: "keep-alive", body: "part done" });
    await drained;
    expect(server.listening).toBe(false);
    agent.destroy();
  }, 2000);
});
