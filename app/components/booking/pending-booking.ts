import type { SlotChoice } from "./date-time-step";

/**
 * A booking chosen while signed out (the "pending booking", kept in session storage): saved
 * when the seeker presses Pay, restored at the summary after signing in.
 */
export type PendingBooking = {
  advisorId: string;
  selectedTopics: string[];
  additionalInfo: string;
  selectedSession: { type: string; duration: 15 | 30 };
  selectedDateTime: SlotChoice;
  /** Paise, for display only: the server prices the booking itself. */
  amount: number;
  seekerTimezone: string;
  advisorTimezone: string;
};

const KEY = "pendingBooking";

export function savePendingBooking(pending: PendingBooking) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the seeker simply chooses again after signing in.
  }
}

/** The pending booking for `advisorId`, removed from storage as it is taken. */
export function takePendingBooking(advisorId: string): PendingBooking | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const pending = JSON.parse(raw) as PendingBooking;
    if (pending.advisorId !== advisorId) return null;
    sessionStorage.removeItem(KEY);
    return pending;
  } catch {
    return null;
  }
}
