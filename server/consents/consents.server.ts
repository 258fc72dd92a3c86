import { and, asc, eq } from "drizzle-orm";
import {
  type ConsentAction,
  type ConsentEvent,
  type ConsentKind,
  type ConsentSource,
  consentEvent,
  consentStates,
  SIGN_UP_WORDING,
} from "../../core/consents";
import type { Db, Tx } from "../db/client.server";
import { consentEvents, users } from "../db/schema";

/** Records a consent given or withdrawn now, at the version in force (ADR 88). */
export async function recordConsent(
  db: Db | Tx,
  userId: string,
  kinds: readonly ConsentKind[],
  action: ConsentAction,
  source: ConsentSource,
  now: Date,
  wording?: string,
): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insert(consentEvents)
    .values(kinds.map((kind) => ({ userId, ...consentEvent(kind, action, source, now, wording) })));
}

/**
 * The sign-up's agreement, once per person: an account may be linked to its product user more
 * than once (a second sign-in method), and agreed only when it was made.
 */
export async function recordSignUpConsent(
  db: Db | Tx,
  userId: string,
  now: Date,
  wording = SIGN_UP_WORDING,
): Promise<void> {
  const [agreed] = await db
    .select({ id: consentEvents.id })
    .from(consentEvents)
    .where(and(eq(consentEvents.userId, userId), eq(consentEvents.kind, "terms")))
    .limit(1);
  if (!agreed)
    await recordConsent(db, userId, ["terms", "privacy"], "granted", "sign-up", now, wording);
}

/** A person's consent log, oldest first. */
export async function consentLog(db: Db | Tx, userId: string): Promise<ConsentEvent[]> {
  return db
    .select({
      kind: consentEvents.kind,
      action: consentEvents.action,
      version: consentEvents.version,
      wording: consentEvents.wording,
      source: consentEvents.source,
      at: consentEvents.at,
    })
    .from(consentEvents)
    .where(eq(consentEvents.userId, userId))
    .orderBy(asc(consentEvents.at), asc(consentEvents.id));
}

/** Each consent's state for a person. */
export async function loadConsents(db: Db | Tx, userId: string) {
  return consentStates(await consentLog(db, userId));
}

/**
 * Product news on or off (the marketing consent): recorded only when it changes, so the log
 * shows the choices a person made and not every click.
 */
export async function setMarketingConsent(
  db: Db,
  userId: string,
  on: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One person's choices in turn: two tabs clicking at once record one change, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const marketing = (await loadConsents(tx, userId)).find((c) => c.kind === "marketing")!;
    if (marketing.given === on) return;
    await recordConsent(tx, userId, ["marketing"], on ? "granted" : "withdrawn", "settings", now);
  });
}
