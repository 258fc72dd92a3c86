import { z } from "zod";
import { PHONE_CHANNELS, PHONE_CODE_LENGTH } from "../channels";
import { PHONE_MESSAGES as M } from "../messages/phone";

/** The phone card's forms on Settings > Notifications, told apart by `intent`. */
export const sendCodeSchema = z.object({ intent: z.literal("send-code") });

export const verifyCodeSchema = z.object({
  intent: z.literal("verify-code"),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), { error: M.codeInvalid }),
});

export const channelOptInSchema = z.object({
  intent: z.literal("channel"),
  channel: z.enum(PHONE_CHANNELS, { error: M.channelInvalid }),
  on: z.enum(["true", "false"], { error: M.actionInvalid }).transform((v) => v === "true"),
});

export const PHONE_INTENTS = ["send-code", "verify-code", "channel"] as const;
