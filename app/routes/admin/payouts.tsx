import { AlertTriangle, Banknote, Hourglass, Wallet } from "lucide-react";
import { data } from "react-router";
import { adminSearchText, formObject } from "../../../core/admin/admin-forms";
import type { PayoutActionAnswer, PayoutList } from "../../../core/admin/payouts";
import { payoutActionForm } from "../../../core/forms/admin";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatPaise } from "../../../core/format";
import { PAYOUT_MESSAGES as M } from "../../../core/messages/payouts";
import { requireAdmin } from "../../../server/auth/session.server";
import {
  loadPayoutsOverview,
  retryTransfer,
  runReconciliation,
} from "../../../server/payouts/admin-payouts.server";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { LastRun } from "../../components/admin/payouts/last-run";
import { PayoutBalances } from "../../components/admin/payouts/payout-balances";
import { PayoutMonths } from "../../components/admin/payouts/payout-months";
import { FailedTransfers, HeldTransfers } from "../../components/admin/payouts/transfer-lists";
import { StatTile, TileGrid } from "../../components/dashboard/stat-tile";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/payouts";

export function meta() {
  return [{ title: "Payouts | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Each list's page is its own URL parameter (the key its links carry), so they page apart. */
const LISTS: readonly PayoutList[] = ["failed", "held", "advisors"];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = adminSearchText(params.get("q"));
  try {
    const overview = await loadPayoutsOverview(context.db, {
      holdDays: context.config.payouts.holdDays,
      now: context.now(),
      q,
      at: Object.fromEntries(LISTS.map((list) => [list, params.get(list)])),
    });
    return { q, ...overview };
  } catch (error) {
    context.logger.error({ err: error }, "could not load payouts");
    return { q, failed: true as const };
  }
}

/** What the buttons are told: a toast's text, good news or bad. */
const answer = (ok: boolean, message: string): PayoutActionAnswer => ({ ok, message });

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const parsed = payoutActionForm.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return data(answer(false, M.retryFailed), 400);
  const who = { actorUserId: viewer.userId, requestId: context.requestId };
  if (parsed.data.intent === "reconcile") {
    try {
      const differences = await runReconciliation(context.db, {
        ...who,
        config: context.config,
        now: context.now,
      });
      return answer(
        true,
        differences.length === 0 ? M.ranClean : M.ranDifferences(differences.length),
      );
    } catch (error) {
      context.logger.error({ err: error }, "could not run the reconciliation");
      return data(answer(false, M.runFailed), 500);
    }
  }
  try {
    const result = await retryTransfer(context.db, {
      ...who,
      transferId: parsed.data.transferId,
      now: context.now(),
    });
    if (!result.ok) return data(answer(false, result.message), result.status);
    return answer(true, result.message);
  } catch (error) {
    context.logger.error({ err: error }, "could not retry a transfer");
    return data(answer(false, M.retryFailed), 500);
  }
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, answer(false, CONNECTION_LOST));
}

export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  if ("failed" in loaderData) {
    return (
      <AdminPage title={M.title} description={M.description}>
        <LoadError message={M.fetchFailed} />
      </AdminPage>
    );
  }
  const { summary } = loaderData;
  return (
    <AdminPage title={M.title} description={M.description}>
      <TileGrid>
        <StatTile
          icon={Wallet}
          label={M.owed}
          value={formatPaise(summary.owed)}
          note={M.owedNote}
        />
        <StatTile
          icon={Hourglass}
          label={M.onHold}
          value={formatPaise(summary.onHold)}
          note={M.onHoldNote(summary.onHoldCount)}
        />
        <StatTile icon={AlertTriangle} label={M.failed} value={summary.failedCount} />
        <StatTile icon={Banknote} label={M.paidOut} value={formatPaise(summary.paid)} />
      </TileGrid>
      <PayoutMonths months={loaderData.months} />
      <FailedTransfers failed={loaderData.failedTransfers} />
      <HeldTransfers held={loaderData.heldTransfers} holdDays={loaderData.holdDays} />
      <PayoutBalances advisors={loaderData.advisors} q={loaderData.q} />
      <LastRun run={loaderData.lastRun} />
    </AdminPage>
  );
}
