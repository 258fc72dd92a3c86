import { z } from "zod";
import { MESSAGE_MAX_LENGTH } from "../conversation";
import { CONVERSATION_MESSAGES as M } from "../messages/conversations";
import { paragraphs } from "../plain-text";

/** A message's text: plain paragraphs (ADR 65), not empty, at most MESSAGE_MAX_LENGTH. */
export const messageSchema = z.object({
  body: paragraphs(z.string({ error: M.bodyRequired }))
    .min(1, M.bodyRequired)
    .max(MESSAGE_MAX_LENGTH, M.bodyTooLong),
});

export type MessageInput = z.output<typeof messageSchema>;
