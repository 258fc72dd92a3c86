import net from "node:net";

/**
 * A TCP proxy in front of a database server for the stale-feed tests (never used by the app).
 * `goSilent` makes every connection open so far drop whatever either end sends while both
 * sockets stay open, as when a NAT or load balancer forgets a connection; connections opened
 * after it pass bytes as before.
 */
export async function startSilencingProxy(target: { host: string; port: number }) {
  const pairs = new Set<{ silent: boolean; client: net.Socket; server: net.Socket }>();
  const proxy = net.createServer((client) => {
    const server = net.connect(target.port, target.host);
    const pair = { silent: false, client, server };
    pairs.add(pair);
    client.on("data", (bytes) => pair.silent || server.write(bytes));
    server.on("data", (bytes) => pair.silent || client.write(bytes));
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on("close", close);
    client.on("error", close);
    // A silenced connection hears nothing from the server, not even that it closed.
    server.on("close", () => pair.silent || close());
    server.on("error", () => pair.silent || close());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    goSilent() {
      for (const pair of pairs) pair.silent = true;
    },
    async close() {
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
