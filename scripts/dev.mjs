import process from "node:process";
import { createServer } from "vite";

/*
 * `npm run dev`: the app's server code through Vite's module runner, with its middleware for
 * hot reloading. The entry and the routes share one module graph, so server/ is loaded once.
 */
process.env.NODE_ENV ??= "development";
const vite = await createServer({ server: { middlewareMode: true } });
const { startServer } = await vite.ssrLoadModule("/server/entry.ts");
await startServer({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  before: [vite.middlewares],
});
