import { data } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { reportConversationSchema } from "../../../core/forms/message-reports";
import { isUuid } from "../../../core/ids";
import { REPORT_MESSAGES as M } from "../../../core/messages/message-safety";
import { requireViewer } from "../../../server/auth/session.server";
import { reportConversation } from "../../../server/conversations/reports.server";
import { invalidForm, parseForm } from "../../lib/forms";
import type { Route } from "./+types/report";

export const handle: CacheHandle = { cache: NOT_KEPT };

/**
 * POST /messages/:conversationId/report (`reason`): a party of the conversation reports it to
 * the admins' queue (issue 39). Anyone else, and a malformed id, is told it does not exist.
 * The Report dialog (app/components/messages/report-dialog.tsx) posts here with a fetcher.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  if (!isUuid(params.conversationId)) {
    return data({ ok: false as const, message: M.failed }, { status: 404 });
  }
  const parsed = await parseForm(request, reportConversationSchema);
  if (!parsed.success) return invalidForm(parsed, { ok: false as const });
  try {
    const result = await reportConversation(context.db, {
      reporterId: viewer.userId,
      conversationId: params.conversationId,
      reason: parsed.data.reason,
      now: context.now(),
    });
    if (result.ok) return { ok: true as const, message: M.sent };
    return data({ ok: false as const, message: result.message }, { status: result.status });
  } catch (error) {
    context.logger.error({ err: error }, "could not report a conversation");
    return data({ ok: false as const, message: M.failed }, { status: 500 });
  }
}
