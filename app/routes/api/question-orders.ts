import { validateForm } from "../../../core/form";
import { questionSchema } from "../../../core/forms/questions";
import { isUuid } from "../../../core/ids";
import { QUESTION_MESSAGES as M } from "../../../core/messages/questions";
import { saleDeps } from "../../../server/payments/sale-deps.server";
import { startQuestion } from "../../../server/questions/questions.server";
import { json, viewerOr401 } from "../../lib/json-api.server";
import { readJson } from "../../lib/request-body";
import type { Route } from "./+types/question-orders";

/**
 * POST /api/advisors/:id/questions — orders a paid question for the signed-in seeker: JSON
 * `{ body, attachments }` (attachments as the message composer sends them, a JSON string of
 * the uploads' metadata). Answers the payment order `{ questionId, paymentId, orderId, keyId,
 * amount, free: false }` (201); the price is the advisor's offer, never the browser's.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await viewerOr401(request, context);
  if (viewer instanceof Response) return viewer;
  if (!isUuid(params.id)) return json({ error: M.notOffered }, 404);
  const body = await readJson(request);
  const parsed = validateForm(questionSchema, typeof body === "object" && body ? body : {});
  if (!parsed.success) {
    const [field, error] = Object.entries(parsed.fieldErrors).find(([, e]) => e) ?? [];
    return json({ error: error ?? M.bodyTooShort, field, fields: parsed.fieldErrors }, 400);
  }
  const result = await startQuestion(saleDeps(context), viewer.userId, {
    advisorId: params.id,
    body: parsed.data.body,
    attachments: parsed.data.attachments,
  });
  if (!result.ok) return json({ error: result.message }, result.status);
  const { questionId, paymentId, orderId, keyId, amount } = result;
  return json({ questionId, paymentId, orderId, keyId, amount, free: false }, 201);
}
