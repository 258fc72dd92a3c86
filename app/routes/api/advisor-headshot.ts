import { data } from "react-router";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import { replaceHeadshot } from "../../../server/advisors/headshot.server";
import { requireViewer } from "../../../server/auth/session.server";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { isUuid } from "../../../core/ids";
import { ADMIN_MESSAGES } from "../../../core/messages/admin";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/advisor-headshot";

/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = HEADSHOT_MAX_BYTES + 64 * 1024;

/**
 * POST multipart `file` (and, for admins only, `advisorId`): stores a new headshot for the
 * signed-in person's own application or profile. Anyone else's id is ignored: a person only
 * ever changes their own photo.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request, { maxBytes: MAX_BODY, tooLarge: M.tooLarge });
  const file = form.get("file");
  const advisorId = form.get("advisorId");
  if (!(file instanceof File)) return data({ ok: false, message: M.notAnImage }, { status: 400 });
  const forAdvisor = viewer.roles.includes("admin") && typeof advisorId === "string" && advisorId;
  if (forAdvisor && !isUuid(forAdvisor)) {
    return data({ ok: false as const, message: ADMIN_MESSAGES.advisorNotFound }, { status: 404 });
  }
  const target = forAdvisor
    ? { own: false as const, advisorId: forAdvisor, actorUserId: viewer.userId }
    : { own: true as const, userId: viewer.userId };
  try {
    const result = await replaceHeadshot(
      {
        db: context.db,
        storage: context.storage,
        log: (err, key) => context.logger.warn({ err, key }, "could not remove an old headshot"),
      },
      target,
      Buffer.from(await file.arrayBuffer()),
    );
    if (result.ok) return { ok: true as const, url: result.url };
    return data({ ok: false as const, message: result.message }, { status: result.status });
  } catch (error) {
    context.logger.error({ err: error }, "headshot upload failed");
    return data({ ok: false as const, message: M.uploadFailed }, { status: 500 });
  }
}
