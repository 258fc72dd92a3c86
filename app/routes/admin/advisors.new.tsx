import { data, redirect } from "react-router";
import { defaultWeeklySchedule } from "../../../core/availability";
import { HEADSHOT_MAX_BYTES } from "../../../core/advisor-fields";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import { HEADSHOT_MESSAGES as H } from "../../../core/messages/advisor";
import { createAdvisorByAdmin } from "../../../server/advisors/add-advisor.server";
import { newAdvisorHeadshots } from "../../../server/advisors/headshot-store.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { AddAdvisorForm, type AddAdvisorAnswer } from "../../components/admin/add-advisor-form";
import { AdminPage } from "../../components/admin/admin-page";
import { flashCookie } from "../../lib/flash";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/advisors.new";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/** The photo plus a few kilobytes of fields. */
const MAX_BODY_BYTES = HEADSHOT_MAX_BYTES + 256 * 1024;

export function meta() {
  return [{ title: "Add New Advisor | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { availability: defaultWeeklySchedule("Asia/Kolkata") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const failure = (message: string, status: number, fieldErrors?: Record<string, string>) =>
    data(
      { ok: false, title: M.createErrorTitle, message, fieldErrors } satisfies AddAdvisorAnswer,
      status,
    );
  const form = await readForm(request, { maxBytes: MAX_BODY_BYTES, tooLarge: H.tooLarge });
  const file = form.get("headshot");
  const photo = file instanceof File && file.size > 0 ? file : null;
  const values = {
    ...parseJsonObject(form.get("values")),
    headshot: photo ? { type: photo.type, size: photo.size } : null,
  };
  const result = await createAdvisorByAdmin(
    context.db,
    context.config,
    newAdvisorHeadshots(context.storage, (err, key) =>
      context.logger.warn({ err, key }, "could not remove an unused headshot"),
    ),
    {
      actorUserId: viewer.userId,
      values,
      headshot: photo ? Buffer.from(await photo.arrayBuffer()) : null,
      requestId: context.requestId,
    },
  );
  if (result.ok) {
    throw redirect("/admin/advisors", {
      headers: {
        "Set-Cookie": flashCookie({
          title: M.created,
          description: `Invitation sent to ${result.email}`,
        }),
      },
    });
  }
  if (result.status === 400) return failure(M.fixHighlighted, 400, result.fieldErrors);
  if (result.status === 500)
    context.logger.error({ err: result.cause }, "could not create an advisor");
  return failure(result.message, result.status);
}

function parseJsonObject(value: FormDataEntryValue | null): Record<string, unknown> {
  if (typeof value !== "string") return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, {
    ok: false,
    title: M.createErrorTitle,
    message: CONNECTION_LOST,
  } satisfies AddAdvisorAnswer);
}

export default function AddAdvisor({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage
      title={M.addTitle}
      description="The advisor gets an e-mail to set a password. Their profile goes live when they do."
      back={{ to: "/admin/advisors", label: "Back to Advisors" }}
    >
      <AddAdvisorForm availability={loaderData.availability} />
    </AdminPage>
  );
}
