import { z } from "zod";
import { COMMON_MESSAGES as M } from "./messages/common";
import { isParagraphText, isSingleLine, normaliseLineBreaks } from "./plain-text-rules";

/*
 * What a text field accepts (ADR 65). One-line fields (names, titles, list entries, topics)
 * take no line break or other control character (a tab becomes a space): they end up in
 * e-mail subjects and calendar invitations, where a line break starts a new header or
 * property. Paragraph fields (about, notes, reviews, reasons, messages) keep line breaks and
 * tabs: every line-break form (CRLF, a lone CR, U+2028, U+2029) is stored as "\n"; any other
 * control character is refused.
 */

export {
  isParagraphText,
  isSingleLine,
  normaliseLineBreaks,
  toSingleLine,
} from "./plain-text-rules";

/**
 * A one-line field: a tab (which a paste into a text input keeps) is a space, the value is
 * trimmed, and refused with a line break or another control character.
 */
export const singleLine = (schema: z.ZodString = z.string()) =>
  schema
    .overwrite((value) => value.replace(/\t/g, " "))
    .trim()
    .refine(isSingleLine, M.singleLineOnly);

/** A paragraph field: line breaks as "\n", trimmed, refused with another control character. */
export const paragraphs = (schema: z.ZodString = z.string()) =>
  schema.overwrite(normaliseLineBreaks).trim().refine(isParagraphText, M.noControlCharacters);

/**
 * One plain e-mail address (no display name, comment, list or quoted part), each character
 * safe in a mail header and unescaped in a mailto URI (RFC 6068).
 */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!$'*+_~-]+@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?$/;
export const isPlainAddress = (value: string) => PLAIN_ADDRESS.test(value);
