/*
 * What a message's text becomes (issue 39, point 5): contact details hidden before the pair's
 * first paid session (ADR 93), and the plain text cut into runs of text and links for display.
 * Nothing here produces HTML: the page renders the runs as text nodes and anchors.
 */

/** What stands where an e-mail address or phone number was. */
export const MASKED_CONTACT = "[contact details hidden]";

// An address with a dot in its domain; also the common spellings "name (at) site (dot) com".
const EMAIL =
  /[A-Za-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[A-Za-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[A-Za-z0-9-]+)+/gi;
// A run of digits with the separators people type in numbers: kept when it has enough digits.
const PHONE_CANDIDATE = /\+?\d[\d\s().-]{5,}\d/g;

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, "").length;
  // Ten digits is an Indian mobile number; with a "+" an international one may be shorter.
  // Fewer is a date, a price or an amount of something ("2026-12-05" has eight).
  return digits >= 10 || (candidate.startsWith("+") && digits >= 8);
}

/** The text with e-mail addresses and phone numbers replaced, and whether any were. */
export function maskContactDetails(text: string): { text: string; masked: boolean } {
  let masked = false;
  const out = text
    .replace(EMAIL, () => {
      masked = true;
      return MASKED_CONTACT;
    })
    .replace(PHONE_CANDIDATE, (candidate) => {
      if (!isPhoneNumber(candidate)) return candidate;
      masked = true;
      return MASKED_CONTACT;
    });
  return { text: out, masked };
}

export type TextRun = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// Only web addresses become links: "javascript:", "data:" and the like stay text.
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]]+$/;

/** A message's text as runs: plain text, and web addresses as links that open them. */
export function linkify(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    const trailing = TRAILING.exec(url)?.[0] ?? "";
    // A closing bracket that has its opening one inside the address belongs to it.
    if (trailing) url = url.slice(0, url.length - trailing.length);
    if (url.length <= "www.".length || /^https?:\/\/$/i.test(url)) continue;
    const start = match.index;
    if (start > last) runs.push({ kind: "text", text: text.slice(last, start) });
    const href = /^www\./i.test(url) ? `https://${url}` : url;
    runs.push({ kind: "link", text: url, href });
    last = start + url.length;
  }
  if (last < text.length) runs.push({ kind: "text", text: text.slice(last) });
  return runs;
}
