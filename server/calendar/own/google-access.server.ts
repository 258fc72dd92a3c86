import { GOOGLE_TIMEOUT_MS } from "../../../core/advisor-calendar";
import type { Auth } from "../../auth/auth.server";
import type { Config } from "../../config.server";
import { GoogleCalendarError } from "../google-calendar.server";
import {
  createGoogleUserCalendar,
  googleFailure,
  type GoogleUserCalendar,
} from "../google-user-calendar.server";

/** Whose Google account to act for: better-auth's account row and its user. */
export type Grant = { authAccountId: string; authUserId: string };
export type GoogleConfig = NonNullable<Config["google"]>;
export type Failure = "revoked" | "unreachable";

const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/** better-auth could not give an access token: refused by Google, or Google did not answer. */
class TokenUnavailable extends Error {}

/**
 * The advisor's Google Calendar as a client, with tokens from better-auth (decrypted, and
 * refreshed when expired), and nothing waiting on Google for more than 2 s (ADR 75).
 */
export function createGoogleAccess(
  auth: Auth,
  google: GoogleConfig,
  timeoutMs = GOOGLE_TIMEOUT_MS,
) {
  const discoveryUrl = google.discoveryUrl ?? GOOGLE_DISCOVERY_URL;
  let discovery: Promise<{ token_endpoint?: string; revocation_endpoint?: string }> | null = null;

  function discover() {
    discovery ??= fetch(discoveryUrl, { signal: AbortSignal.timeout(timeoutMs) })
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`discovery ${r.status}`))))
      .catch((error: unknown) => {
        discovery = null; // a failure is not kept: the next call asks again
        throw error;
      });
    return discovery;
  }

  /**
   * A valid access token. better-auth refreshes one only near its expiry, so a token Google
   * refused (`refused`) is refreshed on purpose: only a refused refresh means access is gone.
   */
  async function accessToken(grant: Grant, refused?: string): Promise<string> {
    const body = { accountId: grant.authAccountId, userId: grant.authUserId };
    const asked: Promise<{ accessToken?: string }> = refused
      ? auth.api.refreshToken({ body })
      : auth.api.getAccessToken({ body });
    const { accessToken: token } = await within(
      timeoutMs,
      asked.catch((error: unknown) => {
        throw new TokenUnavailable("better-auth could not get an access token", { cause: error });
      }),
    );
    if (!token) throw new TokenUnavailable("better-auth gave no access token");
    return token;
  }

  const client = (token: (refused?: string) => Promise<string>) =>
    createGoogleUserCalendar({ apiUrl: google.calendarApiUrl, accessToken: token, timeoutMs });

  return {
    calendar(grant: Grant): GoogleUserCalendar {
      return client((refused) => accessToken(grant, refused));
    },

    /** A valid access token now (2 s at most), for work that outlives the grant's row. */
    token: (grant: Grant) => accessToken(grant),
    /** The calendar with one token, which is all there is once the grant's row is gone. */
    calendarWithToken: (token: string) => client(() => Promise.resolve(token)),

    /**
     * Revoked or merely unreachable. better-auth says only that a refresh failed; if Google's
     * token endpoint answers at all, it refused the grant (revoked at Google); if it does not,
     * Google is down and the grant may still be good.
     */
    async failureOf(error: unknown): Promise<Failure> {
      if (!(error instanceof TokenUnavailable)) return googleFailure(error);
      try {
        const { token_endpoint } = await discover();
        if (!token_endpoint) return "unreachable";
        const probe = await fetch(token_endpoint, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "",
          signal: AbortSignal.timeout(timeoutMs),
        });
        return probe.status < 500 ? "revoked" : "unreachable";
      } catch {
        return "unreachable";
      }
    },

    /** Revokes the grant at Google: its access token revokes its refresh token too. */
    async revoke(token: string): Promise<void> {
      const { revocation_endpoint } = await discover();
      if (!revocation_endpoint) return;
      const response = await fetch(revocation_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      // 400 invalid_token: already revoked, which is what was wanted.
      if (!response.ok && response.status !== 400)
        throw new GoogleCalendarError(`Google revoke failed (${response.status})`, response.status);
    },
  };
}
export type GoogleAccess = ReturnType<typeof createGoogleAccess>;

/** The promise, or a GoogleCalendarError once `ms` have passed (the work itself may go on). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new GoogleCalendarError(`Google timed out after ${ms} ms`)),
      ms,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
