import { z } from "zod";
import type { StoredAttachment } from "../attachments";
import { MESSAGE_MAX_LENGTH } from "../conversation";
import { CONVERSATION_MESSAGES as M } from "../messages/conversations";
import { ATTACHMENT_MESSAGES } from "../messages/message-safety";
import { paragraphs } from "../plain-text";

/** How many files one message may carry. */
export const MESSAGE_MAX_FILES = 5;

const storedAttachment = z.object({
  fileKey: z.string().max(300),
  fileName: z.string().max(300),
  contentType: z.string().max(100),
  byteSize: z.number().int(),
});

/**
 * The files the composer uploaded first, as one JSON field: at most MESSAGE_MAX_FILES of the
 * upload's answers. Whether each is the sender's own is the send service's check.
 */
export const attachmentsField = z
  .string()
  .max(4_000)
  .optional()
  .transform((raw, ctx): StoredAttachment[] => {
    if (!raw) return [];
    const parsed = z
      .array(storedAttachment)
      .max(MESSAGE_MAX_FILES)
      .safeParse(
        (() => {
          try {
            return JSON.parse(raw) as unknown;
          } catch {
            return null;
          }
        })(),
      );
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: ATTACHMENT_MESSAGES.notFound });
    return z.NEVER;
  });

/**
 * A message: plain paragraphs (ADR 65) of at most MESSAGE_MAX_LENGTH, and files; it may be
 * files alone, but not nothing.
 */
export const messageSchema = z
  .object({
    body: paragraphs(z.string({ error: M.bodyRequired })).max(MESSAGE_MAX_LENGTH, M.bodyTooLong),
    attachments: attachmentsField,
  })
  .superRefine((value, ctx) => {
    if (!value.body && value.attachments.length === 0)
      ctx.addIssue({ code: "custom", path: ["body"], message: M.bodyRequired });
  });

export type MessageInput = z.output<typeof messageSchema>;
