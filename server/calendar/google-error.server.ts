/** A call to Google that failed: the HTTP status when Google answered, none when it did not. */
export class GoogleCalendarError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GoogleCalendarError";
  }
}

/**
 * Why a call to an advisor's Google account failed. "revoked": Google refused the grant (a 401
 * from the API, or invalid_grant from the token endpoint), so only reconnecting helps.
 * "unreachable": anything else (timeouts, network errors, 5xx, rate limits), worth a retry.
 */
export function googleFailure(error: unknown): "revoked" | "unreachable" {
  if (error instanceof GoogleCalendarError && error.status === 401) return "revoked";
  return /invalid_grant/.test(describe(error)) ? "revoked" : "unreachable";
}

/** The text of an error, an error's cause, or an OAuth error body ({ error, error_description }). */
function describe(error: unknown, depth = 0): string {
  if (typeof error !== "object" || error === null || depth > 3) return String(error ?? "");
  const {
    message,
    error: code,
    cause,
  } = error as { message?: unknown; error?: unknown; cause?: unknown };
  return [message, code, describe(cause, depth + 1)].filter((p) => typeof p === "string").join(" ");
}
