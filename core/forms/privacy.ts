import { z } from "zod";
import { DELETE_WORD, PRIVACY_MESSAGES as M } from "../messages/privacy";

/** The two forms of Settings › Privacy, told apart by `intent`. */
export const PRIVACY_INTENTS = ["export", "delete"] as const;

/** Deleting an account with a password: the password, checked by better-auth. */
export const deleteWithPasswordSchema = z.object({
  password: z.string({ error: M.deletePasswordRequired }).min(1, M.deletePasswordRequired).max(200),
});

/** Deleting an account made through Google alone: the confirmation word. */
export const deleteWithWordSchema = z.object({
  confirmation: z
    .string({ error: M.deleteWordWrong })
    .trim()
    .refine((value) => value === DELETE_WORD, M.deleteWordWrong),
});

/** An admin's deletion on request: whose account (the URL names it, the form repeats it). */
export const adminDeleteSchema = z.object({
  confirmation: z
    .string({ error: M.deleteWordWrong })
    .trim()
    .refine((value) => value === DELETE_WORD, M.deleteWordWrong),
});
