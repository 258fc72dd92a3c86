import path from "node:path";
import { openDatabase } from "../../../server/db/client.server";
import { createAdvisor, createSeeker } from "../../../server/db/factories.test-support";
import { createCreditedSession } from "../../../server/payouts/credited-session.test-support";

/*
 * Money for the Payouts screen, added to a seeded data directory (no server may hold it
 * open): an advisor of its own with one session paid out of the hold's reach, one still on
 * hold and one whose transfer the provider refused. Their own advisor and seeker, so the
 * sessions never meet the demo sessions' times.
 */
export const PAYOUTS_ADVISOR = { firstName: "Nandini", lastName: "Kulkarni" };
export const PAYOUTS_ERROR = "The beneficiary bank rejected the account number";

export async function seedPayouts(dataDir: string, now = new Date()) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  const DAY = 86_400_000;
  try {
    const db = database.db;
    const advisorId = await createAdvisor(db, {}, PAYOUTS_ADVISOR);
    const seekerId = await createSeeker(db);
    const base = { advisorId, seekerId };
    await createCreditedSession(db, {
      ...base,
      datetime: new Date(now.getTime() - 3 * DAY),
      transfer: { status: "on_hold" },
    });
    await createCreditedSession(db, {
      ...base,
      datetime: new Date(now.getTime() + 2 * DAY),
      bookingStatus: "confirmed",
    });
    const { transfer } = await createCreditedSession(db, {
      ...base,
      datetime: new Date(now.getTime() - 5 * DAY),
      transfer: { status: "failed", lastError: PAYOUTS_ERROR, attempts: 1 },
    });
    return { advisorId, failedTransferId: transfer.id };
  } finally {
    await database.close();
  }
}
