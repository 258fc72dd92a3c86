import { useEffect, useState } from "react";
import { BOOKING_PARAMS, readNotesParam } from "../../../core/booking-url-state";

/*
 * The additional information typed at the first step, kept in the tab's session storage per
 * advisor (ADR 72): it may be 1,000 characters of private text, which a URL would carry into
 * shared links, history and server logs. It survives a reload and signing in (same tab).
 */
const key = (advisorId: string) => `bookingNotes:${advisorId}`;

export function readBookingNotes(advisorId: string): string {
  try {
    return sessionStorage.getItem(key(advisorId)) ?? "";
  } catch {
    return "";
  }
}

export function saveBookingNotes(advisorId: string, notes: string) {
  try {
    if (notes) sessionStorage.setItem(key(advisorId), notes);
    else sessionStorage.removeItem(key(advisorId));
  } catch {
    // Storage full or disabled: the notes last as long as the page does.
  }
}

/**
 * The notes of the flow on this advisor's profile. They come back with a flow in progress
 * (reload, Back, signing in), not on a bare visit. Notes a plain form sent (before hydration,
 * ADR 85) go into session storage; the flow then replaces the URL without them.
 */
export function useBookingNotes({
  advisorId,
  initial,
  hydrated,
  params,
}: {
  advisorId: string;
  initial: string;
  hydrated: boolean;
  params: URLSearchParams;
}) {
  const [notes, setNotes] = useState(initial);
  useEffect(() => {
    if (!hydrated) return;
    const sent = readNotesParam(params);
    if (sent) saveBookingNotes(advisorId, sent);
    if (!sent && !BOOKING_PARAMS.some((name) => params.has(name))) return;
    // Session storage exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNotes(sent || readBookingNotes(advisorId));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per advisor, not per edit
  }, [hydrated, advisorId]);
  return [notes, setNotes] as const;
}
