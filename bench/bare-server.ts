import { spawn } from "node:child_process";
import { freePort } from "../tests/support/app-process";

/**
 * The machine's ceiling: a bare `node:http` server in its own process (one event loop, like
 * the app) answering `GET /<n>` with a fixed body of n bytes. Every path of the app is also
 * reported as a share of what this server does with a body of the same size.
 */
const SERVER = `
const http = require("node:http");
const bodies = new Map();
http.createServer((req, res) => {
  const size = Number(req.url.slice(1)) || 0;
  let body = bodies.get(size);
  if (!body) bodies.set(size, (body = Buffer.alloc(size, "x")));
  res.writeHead(200, { "content-type": "text/plain", "content-length": size });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\\n"));
`;

export type BareServer = { url: string; pid: number; stop: () => void };

export async function startBareServer(): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["-e", SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}
