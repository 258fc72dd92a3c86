import { and, eq, ne } from "drizzle-orm";
import { type BankDetails, checkBankDetails, maskAccountNumber } from "../../core/bank-details";
import type { Db } from "../db/client.server";
import { advisors, payoutAccounts } from "../db/schema";
import type { BankCipher } from "../security/bank-cipher.server";

/** What the owner's edit form starts from (the only place the full number is shown). */
export type OwnBankDetails = BankDetails & { maskedAccountNumber: string };
/** What anyone else allowed to see payouts (the dashboard card, admins) gets. */
export type MaskedBankDetails = Omit<BankDetails, "bankAccountNumber"> & {
  maskedAccountNumber: string;
};

export async function loadOwnBankDetails(
  db: Db,
  cipher: BankCipher,
  advisorId: string,
): Promise<OwnBankDetails | null> {
  const [row] = await db
    .select({
      bankAccountHolderName: advisors.bankAccountHolderName,
      bankName: advisors.bankName,
      bankAccountNumber: advisors.bankAccountNumber,
      bankIfscCode: advisors.bankIfscCode,
      bankBranch: advisors.bankBranch,
    })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  if (!row?.bankAccountNumber) return null;
  const accountNumber = cipher.decrypt(row.bankAccountNumber, advisorId);
  return {
    bankAccountHolderName: row.bankAccountHolderName ?? "",
    bankName: row.bankName ?? "",
    bankAccountNumber: accountNumber,
    bankIfscCode: row.bankIfscCode ?? "",
    bankBranch: row.bankBranch ?? "",
    maskedAccountNumber: maskAccountNumber(accountNumber),
  };
}

export function maskBankDetails(details: OwnBankDetails): MaskedBankDetails {
  const { bankAccountNumber: _hidden, ...rest } = details;
  return rest;
}

export type SaveBankResult =
  | { ok: true; details: MaskedBankDetails }
  | { ok: false; message: string; errors: Partial<Record<keyof BankDetails, string>> };

/**
 * Validates and stores the five fields, the account number only as ciphertext, and marks the
 * advisor's payout account for the payout job to create or update at the provider, due at
 * `now` (the payout job's clock decides when it is claimed).
 */
export async function saveBankDetails(
  db: Db,
  cipher: BankCipher,
  advisorId: string,
  input: unknown,
  now: Date = new Date(),
): Promise<SaveBankResult> {
  const checked = checkBankDetails(input);
  if (!checked.ok) return checked;
  const { bankAccountNumber, ...rest } = checked.data;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(advisors)
      .set({ ...rest, bankAccountNumber: cipher.encrypt(bankAccountNumber, advisorId) })
      // A draft is not an advisor yet: it has nowhere to be paid for.
      .where(and(eq(advisors.id, advisorId), ne(advisors.profileStatus, "draft")))
      .returning({ id: advisors.id });
    if (updated.length === 0) throw new Error(`Advisor ${advisorId} cannot hold bank details`);
    const sync = {
      status: "pending" as const,
      needsSync: true,
      attempts: 0,
      lastError: null,
      nextAttemptAt: now,
    };
    await tx
      .insert(payoutAccounts)
      .values({ advisorId, ...sync })
      .onConflictDoUpdate({ target: payoutAccounts.advisorId, set: sync });
  });
  return {
    ok: true,
    details: { ...rest, maskedAccountNumber: maskAccountNumber(bankAccountNumber) },
  };
}
