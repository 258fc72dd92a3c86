import { data, redirect } from "react-router";
import { consentStates } from "../../../core/consents";
import { CONSENT_MESSAGES } from "../../../core/messages/consents";
import { DEFAULT_TIME_ZONE } from "../../../core/time-zones";
import { consentLog, setMarketingConsent } from "../../../server/consents/consents.server";
import { type ConsentRow, ConsentsSection } from "../../components/settings/consents-section";
import { formatPaise, formatSessionTime } from "../../../core/format";
import {
  PRIVACY_INTENTS,
  deleteWithPasswordSchema,
  deleteWithWordSchema,
} from "../../../core/forms/privacy";
import { PRIVACY_MESSAGES as M } from "../../../core/messages/privacy";
import type { DeletionFacts, ExportState } from "../../../core/privacy";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { latestExport, requestExport } from "../../../server/accounts/data-export.server";
import { deleteAccount, deletionPreview } from "../../../server/accounts/delete-account.server";
import { signedOutCookies } from "../../../server/accounts/signed-out";
import { requireViewer } from "../../../server/auth/session.server";
import { hitRateLimit } from "../../../server/security/rate-limit.server";
import { DataExportCard } from "../../components/settings/data-export-card";
import { DeleteAccountCard } from "../../components/settings/delete-account-card";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm } from "../../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/privacy";

export function meta() {
  return [{ title: "Privacy settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** Wrong passwords on a deletion: a few per quarter hour, like sign-in's lockout. */
const PASSWORD_TRIES = { limit: 5, windowMs: 15 * 60_000 };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  // The person's own zone; without one, India's, where most people here are.
  const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const now = context.now();
  const [log, latest, preview] = await Promise.all([
    consentLog(context.db, viewer.userId),
    latestExport(context.db, viewer.userId, now),
    deletionPreview(context.db, viewer, now),
  ]);
  const consents: ConsentRow[] = consentStates(log).map((c) => ({
    kind: c.kind,
    given: c.given,
    outdated: c.outdated,
    at: c.last?.at.toISOString() ?? null,
    version: c.last?.version ?? null,
    beforeRecords: c.last?.source === "before-records",
  }));
  const exportState: ExportState =
    latest?.status === "ready"
      ? { status: "ready", id: latest.id, until: formatSessionTime(latest.expiresAt, zone) }
      : latest;
  const deletion: DeletionFacts = {
    upcomingSessions: preview.upcomingSessions,
    activePackages: preview.activePackages,
    openQuestions: preview.openQuestions,
    heldBalance: preview.heldPaise ? formatPaise(preview.heldPaise) : null,
    hasPassword: preview.hasPassword,
  };
  return { consents, timeZone: zone, exportState, deletion };
}

/** The consents' choices (issue 38, point 7): product news on or off. */
const MARKETING = { "marketing-on": true, "marketing-off": false } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent === "string" && Object.hasOwn(MARKETING, intent)) {
    const on = MARKETING[intent as keyof typeof MARKETING];
    try {
      await setMarketingConsent(context.db, viewer.userId, on, context.now());
    } catch (error) {
      context.logger.error({ err: error }, "could not record a consent");
      return data(
        { intent: "consent" as const, ok: false as const, message: CONSENT_MESSAGES.failed },
        500,
      );
    }
    return {
      intent: "consent" as const,
      ok: true as const,
      message: on ? CONSENT_MESSAGES.marketingStarted : CONSENT_MESSAGES.marketingStopped,
    };
  }
  if (!PRIVACY_INTENTS.some((known) => known === intent))
    return data(
      { intent: "consent" as const, ok: false as const, message: CONSENT_MESSAGES.invalid },
      { status: 400 },
    );

  if (intent === "export") {
    const result = await requestExport(context.db, {
      ...viewer,
      now: context.now(),
      requestId: context.requestId,
    });
    return {
      intent: "export" as const,
      ok: true as const,
      message: result.queued ? M.exportQueued : M.exportAlreadyQueued,
    };
  }

  const preview = await deletionPreview(context.db, viewer, context.now());
  if (preview.hasPassword) {
    const parsed = await parseForm(form, deleteWithPasswordSchema);
    if (!parsed.success)
      return invalidForm(parsed, { intent: "delete" as const, ok: false as const });
    const limit = await hitRateLimit(
      context.db,
      `delete-account:${viewer.userId}`,
      PASSWORD_TRIES,
      context.now(),
    );
    const right =
      limit.allowed &&
      (await context.auth.api
        .verifyPassword({ body: { password: parsed.data.password }, headers: request.headers })
        .then(() => true)
        .catch(() => false));
    if (!right)
      return invalidForm(
        { fieldErrors: { password: M.deletePasswordWrong }, values: parsed.values },
        { intent: "delete" as const, ok: false as const },
      );
  } else {
    const parsed = await parseForm(form, deleteWithWordSchema);
    if (!parsed.success)
      return invalidForm(parsed, { intent: "delete" as const, ok: false as const });
  }

  try {
    const result = await deleteAccount(
      {
        db: context.db,
        openDealings: context.openDealings,
        storage: context.storage,
        logger: context.logger,
        now: context.now,
      },
      { userId: viewer.userId, actorUserId: viewer.userId, requestId: context.requestId },
    );
    if (!result.ok) throw new Error(result.message);
  } catch (error) {
    context.logger.error({ err: error, userId: viewer.userId }, "account not deleted");
    return data({ intent: "delete" as const, ok: false as const, message: M.deleteFailed }, 500);
  }
  const headers = new Headers();
  for (const cookie of signedOutCookies(context.config.appUrl.startsWith("https://")))
    headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie({ title: M.deletedTitle, description: M.deletedBody }));
  throw redirect("/", { headers });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, {
    intent: "consent" as const,
    ok: false as const,
    message: CONNECTION_LOST,
  });
}

export default function PrivacySettings({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData ?? null;
  return (
    <>
      <ConsentsSection
        consents={loaderData.consents}
        timeZone={loaderData.timeZone}
        result={answer && answer.intent === "consent" ? answer : null}
      />
      <DataExportCard
        state={loaderData.exportState}
        result={answer && answer.intent === "export" ? answer : null}
      />
      <DeleteAccountCard
        facts={loaderData.deletion}
        result={answer && answer.intent === "delete" ? answer : null}
      />
    </>
  );
}
