import { data } from "react-router";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { HEADSHOT_MESSAGES as M } from "../../../core/messages/advisor";
import { replaceProfilePhoto } from "../../../server/accounts/profile.server";
import { requireViewer } from "../../../server/auth/session.server";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/profile-photo";

/** Room for the multipart envelope around a file just under the limit. */
const MAX_BODY = HEADSHOT_MAX_BYTES + 64 * 1024;

/**
 * POST multipart `file`: the signed-in person's new profile photo, saved at once; or
 * `intent=remove`: no photo. Only ever the person's own; an advisor's photo is their
 * profile's headshot (403).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request, { maxBytes: MAX_BODY, tooLarge: M.tooLarge });
  const file = form.get("file");
  const remove = form.get("intent") === "remove";
  if (!remove && !(file instanceof File))
    return data({ ok: false as const, message: M.notAnImage }, { status: 400 });
  try {
    const result = await replaceProfilePhoto(
      {
        db: context.db,
        storage: context.storage,
        log: (err, key) => context.logger.warn({ err, key }, "could not remove an old photo"),
      },
      viewer.userId,
      file instanceof File && !remove ? Buffer.from(await file.arrayBuffer()) : null,
      context.now(),
    );
    if (result.ok) return { ok: true as const, url: result.url };
    return data({ ok: false as const, message: result.message }, { status: result.status });
  } catch (error) {
    context.logger.error({ err: error }, "profile photo upload failed");
    return data({ ok: false as const, message: M.photoFailed }, { status: 500 });
  }
}
