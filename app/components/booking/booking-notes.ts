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
