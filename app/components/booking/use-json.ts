import { useEffect, useState, useSyncExternalStore } from "react";
import { canonicalTimeZone } from "../../../core/time-zones";

export type JsonState<T> =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; data: T };

type Outcome<T> = { key: string } & ({ ok: true; data: T } | { ok: false; message: string });

/**
 * GETs JSON from `url` (null: nothing to load). A newer URL aborts the older request, and
 * results are matched to the URL that asked, so a slow answer never overwrites a newer one.
 * `retry` fetches the same URL again. Errors carry the server's `{ error }` text if any.
 */
export function useJson<T>(url: string | null): JsonState<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T> | null>(null);
  const key = url === null ? null : `${attempt} ${url}`;

  useEffect(() => {
    if (url === null || key === null) return;
    const controller = new AbortController();
    fetchJson<T>(url, controller.signal).then(
      (data) => setOutcome({ key, ok: true, data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOutcome({ key, ok: false, message: error instanceof Error ? error.message : "" });
      },
    );
    return () => controller.abort();
  }, [url, key]);

  const retry = () => setAttempt((n) => n + 1);
  if (key === null) return { status: "idle", retry };
  if (outcome?.key !== key) return { status: "loading", retry };
  return outcome.ok
    ? { status: "ready", data: outcome.data, retry }
    : { status: "error", message: outcome.message, retry };
}

async function fetchJson<T>(url: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new Error(typeof body?.error === "string" ? body.error : `HTTP ${response.status}`);
  }
  return (await response.json()) as T;
}

const noSubscription = () => () => {};

/**
 * The browser's IANA zone under its current name (some report "Asia/Calcutta"); null while
 * rendering on the server and during hydration.
 */
export function useBrowserTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => null);
}

function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? canonicalTimeZone(zone) : null;
}
