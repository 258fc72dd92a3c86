import { data } from "react-router";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import { replaceHeadshot } from "../../../server/advisors/headshot.server";
import { requireViewer } from "../../../server/auth/session.server";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { createStorage } from "../../../server/storage/storage.server";
import { readBody } from "../../lib/json-body.server";
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
  const bytes = await readBody(request, MAX_BODY);
  if (!bytes) return data({ ok: false, message: M.tooLarge }, { status: 413 });
  let file: FormDataEntryValue | null;
  let advisorId: FormDataEntryValue | null;
  try {
    const form = await new Response(bytes, { headers: request.headers }).formData();
    file = form.get("file");
    advisorId = form.get("advisorId");
  } catch {
    return data({ ok: false, message: M.notAnImage }, { status: 400 });
  }
  if (!(file instanceof File)) return data({ ok: false, message: M.notAnImage }, { status: 400 });
  const isAdmin = viewer.roles.includes("admin");
  const target =
    isAdmin && typeof advisorId === "string" && advisorId !== ""
      ? { own: false as const, advisorId, actorUserId: viewer.userId }
      : { own: true as const, userId: viewer.userId };
  try {
    const result = await replaceHeadshot(
      {
        db: context.db,
        storage: createStorage(context.config),
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
