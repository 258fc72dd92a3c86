import type { AppLoadContext } from "react-router";
import { isUuid } from "../../core/ids";
import { requireViewer } from "../../server/auth/session.server";
import { questionFor } from "../../server/questions/question-pages.server";

/**
 * A paid question's pages: the signed-in viewer (visitors are sent to sign in) and the
 * question as they may see it; anyone who is not its seeker or its advisor, and an id that is
 * no id, get the 404 page.
 */
export async function viewedQuestion(
  request: Request,
  questionId: string | undefined,
  context: AppLoadContext,
) {
  const viewer = await requireViewer(request, context);
  const view = isUuid(questionId) ? await questionFor(context.db, viewer, questionId) : null;
  if (!view) throw new Response("Not found", { status: 404 });
  return { viewer, view };
}
