import type { AppContext } from "../server/http/app-context";

// Every loader's and action's `context` is the server's AppContext (server/http/app-context.ts).
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
