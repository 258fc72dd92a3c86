// The no-show forms: a party's report or dispute note, and an admin's decision (issue 41).
import { z } from "zod";
import { NO_SHOW_MESSAGES, NO_SHOW_NOTE_MAX } from "../messages/no-shows";
import { NO_SHOW_OUTCOMES } from "../no-show";
import { paragraphs } from "../plain-text";

export const noShowNoteSchema = z.object({
  note: paragraphs(z.string({ error: NO_SHOW_MESSAGES.noteRequired }))
    .min(1, NO_SHOW_MESSAGES.noteRequired)
    .max(NO_SHOW_NOTE_MAX, NO_SHOW_MESSAGES.noteTooLong),
});

export const noShowDecisionSchema = z.object({
  outcome: z.enum(NO_SHOW_OUTCOMES, { error: NO_SHOW_MESSAGES.outcomeRequired }),
});
