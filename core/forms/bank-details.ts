import { z } from "zod";
import { BANK_MESSAGES as M } from "../messages/advisor";
import { singleLine } from "../plain-text";

/*
 * The payout account form (core/bank-details.ts): five required fields, the IFSC in its
 * published format (4 letters for the bank, a zero, 6 letters or digits for the branch).
 */
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
