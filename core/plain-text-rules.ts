/*
 * What a text field accepts (ADR 65), as plain predicates without zod: the schemas of
 * core/plain-text.ts build on them, and a page that must not download zod (the booking steps
 * on a profile) checks with them directly.
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
