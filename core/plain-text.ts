import { z } from "zod";
import { COMMON_MESSAGES as M } from "./messages/common";

/*
 * What a text field accepts (ADR 65). One-line fields (names, titles, list entries, topics)
 * take no line break or other control character (a tab becomes a space): they end up in
 * e-mail subjects and calendar invitations, where a line break starts a new header or
 * property. Paragraph fields (about, notes, reviews, reasons, messages) keep line breaks and
 * tabs: every line-break form (CRLF, a lone CR, U+2028, U+2029) is stored as "\n"; any other
 * control character is refused.
 */

/* eslint-disable no-control-regex -- finding control characters is the point */
/** C0 controls (tab, LF and CR among them), DEL, C1 controls, U+2028 and U+2029. */
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** The same but LF and tab, once line breaks are "\n". */
const NOT_IN_PARAGRAPHS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
const LINE_BREAKS = /\r\n|[\r\u2028\u2029]/g;
const CONTROL_RUNS = /[\s\u0000-\u001f\u007f-\u009f]+/g;
/* eslint-enable no-control-regex */

export const isSingleLine = (value: string) => !NOT_IN_A_LINE.test(value);
/** True when the text is fit for a paragraph field once its line breaks are "\n". */
export const isParagraphText = (value: string) =>
  !NOT_IN_PARAGRAPHS.test(normaliseLineBreaks(value));

/** Every line-break form as "\n". */
export const normaliseLineBreaks = (value: string) => value.replace(LINE_BREAKS, "\n");

/**
 * For text no schema checked (a name from Google, an e-mail subject): one line, each run of
 * spaces, line breaks and control characters made one space.
 */
export const toSingleLine = (value: string) => value.replace(CONTROL_RUNS, " ").trim();

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
