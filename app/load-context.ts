import type { Logger } from "pino";
import type { Auth } from "../server/auth/auth.server";
import type { Config, PublicConfig } from "../server/config.server";
import type { Db } from "../server/db/client.server";
import type { PaymentGateway } from "../server/payments/gateway.server";

/** What every loader and action receives from the HTTP server (server/http/app.server.ts). */
export type AppContext = {
  db: Db;
  auth: Auth;
  config: Config;
  publicConfig: PublicConfig;
  logger: Logger;
  requestId: string;
  /** The caller's address (behind a proxy, from X-Forwarded-For), for rate limits. */
  clientIp: string;
  /** The TCP peer is this machine (from the socket, not a header): for local-only pages. */
  peerIsLoopback: boolean;
  /** This response's Content-Security-Policy nonce, for the inline scripts we render (none in dev). */
  cspNonce: string | undefined;
  /** Razorpay, or the built-in test provider when no keys are set (built once at start-up). */
  payments: PaymentGateway;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
