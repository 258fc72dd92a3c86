import { and, eq, inArray } from "drizzle-orm";
import { payoutAccounts, payoutTransfers } from "../db/schema";
import { requirementsReason } from "../payments/razorpay-gateway.server";
import type { RazorpayEvent, WebhookHandler } from "./webhook-types";
import { activateTransfers } from "../payouts/payout-job.server";
import { recordTransferEntry } from "../payouts/ledger.server";

/*
 * Route's webhooks (ADR 74). Each event id is applied once by the webhook endpoint; the
 * handlers are also safe to repeat, because a state only moves forward and ledger entries
 * are unique per provider transfer.
 */

const transferEntity = (event: RazorpayEvent) => event.payload?.transfer?.entity;

/** transfer.failed: a transfer the provider could not make, or a settlement the bank refused. */
const transferFailed: WebhookHandler = async (deps, event) => {
  const entity = transferEntity(event);
  if (!entity?.id) return;
  const [transfer] = await deps.tx
    .select()
    .from(payoutTransfers)
    .where(eq(payoutTransfers.providerTransferId, entity.id))
    .for("update");
  if (!transfer || !["on_hold", "released", "settled"].includes(transfer.status)) return;
  const reason = entity.error?.description ?? entity.error?.reason ?? "The transfer failed";
  await deps.tx
    .update(payoutTransfers)
    .set({ status: "failed", lastError: reason })
    .where(eq(payoutTransfers.id, transfer.id));
  if (transfer.releasedAt)
    await recordTransferEntry(deps.tx, transfer, "payout_returned", deps.now());
};

/** transfer.processed: once the provider names its settlement, the money reached the bank. */
const transferProcessed: WebhookHandler = async (deps, event) => {
  const entity = transferEntity(event);
  if (!entity?.id || !entity.recipient_settlement_id) return;
  await deps.tx
    .update(payoutTransfers)
    .set({
      status: "settled",
      providerSettlementId: entity.recipient_settlement_id,
      settledAt: deps.now(),
    })
    .where(
      and(
        eq(payoutTransfers.providerTransferId, entity.id),
        eq(payoutTransfers.status, "released"),
      ),
    );
};

/** settlement.processed on a linked account: what was released to it has been settled. */
const settlementProcessed: WebhookHandler = async (deps, event) => {
  const settlementId = event.payload?.settlement?.entity?.id;
  if (!settlementId || !event.account_id) return;
  const [account] = await deps.tx
    .select({ advisorId: payoutAccounts.advisorId })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.providerAccountId, event.account_id));
  if (!account) return;
  await deps.tx
    .update(payoutTransfers)
    .set({ status: "settled", providerSettlementId: settlementId, settledAt: deps.now() })
    .where(
      and(
        eq(payoutTransfers.advisorId, account.advisorId),
        inArray(payoutTransfers.status, ["released"]),
      ),
    );
};

/** product.route.activated / needs_clarification: the provider's verdict on bank details. */
const accountVerdict: WebhookHandler = async (deps, event) => {
  const product = event.payload?.merchant_product?.entity;
  if (!event.account_id) return;
  const activated = event.event === "product.route.activated";
  const reason = requirementsReason(product?.requirements);
  const [account] = await deps.tx
    .update(payoutAccounts)
    .set({
      status: activated ? "activated" : "needs_clarification",
      lastError: activated ? null : reason || "The bank details could not be verified",
    })
    .where(eq(payoutAccounts.providerAccountId, event.account_id))
    .returning({ advisorId: payoutAccounts.advisorId });
  if (account && activated) await activateTransfers(deps.tx, account.advisorId, deps.now());
};

export const payoutWebhookHandlers: Record<string, WebhookHandler> = {
  "transfer.failed": transferFailed,
  "transfer.processed": transferProcessed,
  "settlement.processed": settlementProcessed,
  "product.route.activated": accountVerdict,
  "product.route.needs_clarification": accountVerdict,
};
