import { firstErrorPerField } from "./form";
import { bankDetailsSchema } from "./forms/bank-details";
import { BANK_MESSAGES as M } from "./messages/advisor";

/*
 * An advisor's payout account (Indian bank): five required fields, checked by the form's
 * schema (core/forms/bank-details.ts).
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
