import { data } from "react-router";
import { BANK_MESSAGES as M } from "../../../core/messages/advisor";
import {
  loadOwnBankDetails,
  maskBankDetails,
  saveBankDetails,
} from "../../../server/repositories/bank-details.server";
import { requireAdvisor } from "../../../server/auth/session.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/advisor-bank-details";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

// The full account number travels only here, to its owner: never cached on the way.
const PRIVATE = { "Cache-Control": "no-store" };

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * GET: the signed-in advisor's own bank details, for the Payment Settings form; with
 * `?summary`, without the account number (the dashboard card shows only the masked one).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdvisor(request, context);
  const own = await loadOwnBankDetails(context.db, context.bankCipher, viewer.advisorId);
  const summary = new URL(request.url).searchParams.has("summary");
  return data({ details: own && summary ? maskBankDetails(own) : own }, { headers: PRIVATE });
}

// A fetcher's `.data` request takes its headers from here, not from `data()`.
export function headers() {
  return PRIVATE;
}

/** POST JSON with the five fields: saves them to the signed-in advisor's own profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdvisor(request, context);
  const body = await readJson(request, { maxBytes: 16 * 1024 });
  try {
    const result = await saveBankDetails(context.db, context.bankCipher, viewer.advisorId, body);
    if (result.ok)
      return data(
        { ok: true as const, message: M.saved, details: result.details },
        { headers: PRIVATE },
      );
    return data(
      { ok: false as const, message: result.message, fieldErrors: result.errors },
      { status: 400, headers: PRIVATE },
    );
  } catch (error) {
    context.logger.error({ err: error, advisorId: viewer.advisorId }, "bank details not saved");
    return data({ ok: false as const, message: M.saveFailed, fieldErrors: {} }, { status: 500 });
  }
}
