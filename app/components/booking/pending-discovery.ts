import type { SlotChoice } from "./date-time-step";

/** The discovery call chosen while signed out, restored to the summary after signing in. */
export type PendingDiscovery = { choice: SlotChoice; adviceSought: string };

const KEY = "pendingDiscoveryCall";

export function savePendingDiscovery(pending: PendingDiscovery) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage unavailable: the seeker chooses again after signing in.
  }
}

export function takePendingDiscovery(): PendingDiscovery | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as PendingDiscovery) : null;
  } catch {
    return null;
  }
}
