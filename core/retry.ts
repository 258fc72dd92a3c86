const MAX_BACKOFF_MS = 6 * 3_600_000;

/**
 * 1, 2, 4 … minutes after each failed attempt, at most 6 hours: the refund and payout jobs
 * retry with it, so a provider outage delays money and never drops it.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
}
