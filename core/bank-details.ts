import { z } from "zod";
import { BANK_MESSAGES as M } from "./messages/advisor";
import { singleLine } from "./plain-text";
import { firstErrorPerField } from "./form";

/*
 * An advisor's payout account (Indian bank): five required fields, the IFSC in its published
 * format (4 letters for the bank, a zero, 6 letters or digits for the branch).
 */
export const BANK_FIELDS = [
  "bankAccountHolderName",
  "bankName",
  "bankAccountNumber",
  "bankIfscCode",
  "bankBranch",
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
export type BankDetails = Record<BankField, string>;

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

const required = (max: number) =>
  singleLine(z.string({ error: M.allRequired }))
    .min(1, M.allRequired)
    .max(max, M.allRequired);

export const bankDetailsSchema = z.object({
  bankAccountHolderName: required(120),
  bankName: required(120),
  bankAccountNumber: z
    .string({ error: M.allRequired })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, M.allRequired)
        .regex(/^\d{9,18}$/, M.accountNumberInvalid),
    ),
  bankIfscCode: z
    .string({ error: M.allRequired })
    .transform((value) => value.trim().toUpperCase())
    .pipe(z.string().min(1, M.allRequired).regex(IFSC_PATTERN, M.ifscInvalid)),
  bankBranch: required(120),
});

export type BankCheck =
  | { ok: true; data: BankDetails }
  | { ok: false; message: string; errors: Partial<Record<BankField, string>> };

/** The first problem is the form's message ("All fields are required" when one is empty). */
export function checkBankDetails(values: unknown): BankCheck {
  const parsed = bankDetailsSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors = firstErrorPerField(parsed.error) as Partial<Record<BankField, string>>;
  const messages = Object.values(errors);
  const message = messages.includes(M.allRequired) ? M.allRequired : messages[0]!;
  return { ok: false, message, errors };
}

/** "•••• 4321": all but the last 4 digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.slice(-4)}`;
}
