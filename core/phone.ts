/*
 * Phone numbers as E.164 ("+919876543210"), India the default country (ADR 90). Without a
 * library of every country's numbering plan: India's numbers are checked exactly (ten digits,
 * not starting with 0); other countries by E.164's own rule (a country code not starting with
 * 0, at most 15 digits in all).
 */

export const DEFAULT_COUNTRY_CODE = "91";

/** What a person may type between digits: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-.()\u00a0]/g;

/** The E.164 form of what was typed, or null when it is not a phone number. */
export function toE164(input: string): string | null {
  const typed = input.replace(SEPARATORS, "");
  if (typed === "") return null;
  let international: string;
  if (typed.startsWith("+")) international = typed.slice(1);
  else if (typed.startsWith("00")) international = typed.slice(2);
  else {
    // A national number: India's, with or without its trunk 0.
    const national = typed.startsWith("0") ? typed.slice(1) : typed;
    international = DEFAULT_COUNTRY_CODE + national;
  }
  if (!/^[1-9]\d{6,14}$/.test(international)) return null;
  if (international.startsWith(DEFAULT_COUNTRY_CODE)) {
    const national = international.slice(DEFAULT_COUNTRY_CODE.length);
    if (!/^[1-9]\d{9}$/.test(national)) return null;
  }
  return `+${international}`;
}

export const isE164 = (value: string) => toE164(value) === value;

/** "+91 98765 43210" for an Indian number; other numbers as stored. */
export function formatPhone(e164: string): string {
  const india = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return india ? `+91 ${india[1]} ${india[2]}` : e164;
}
