import { data, useActionData } from "react-router";
import { consentStates } from "../../../core/consents";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { CONSENT_MESSAGES as M } from "../../../core/messages/consents";
import { DEFAULT_TIME_ZONE } from "../../../core/time-zones";
import { requireViewer } from "../../../server/auth/session.server";
import { consentLog, setMarketingConsent } from "../../../server/consents/consents.server";
import { type ConsentRow, ConsentsSection } from "../../components/settings/consents-section";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/privacy";

export function meta() {
  return [{ title: "Privacy settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const consents: ConsentRow[] = consentStates(await consentLog(context.db, viewer.userId)).map(
    (c) => ({
      kind: c.kind,
      given: c.given,
      outdated: c.outdated,
      at: c.last?.at.toISOString() ?? null,
      version: c.last?.version ?? null,
      beforeRecords: c.last?.source === "before-records",
    }),
  );
  return { consents, timeZone: DEFAULT_TIME_ZONE };
}

const INTENTS = { "marketing-on": true, "marketing-off": false } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const intent = (await readForm(request)).get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(INTENTS, intent))
    return data({ ok: false, message: M.invalid }, 400);
  const on = INTENTS[intent as keyof typeof INTENTS];
  try {
    await setMarketingConsent(context.db, viewer.userId, on, context.now());
  } catch (error) {
    context.logger.error({ err: error }, "could not record a consent");
    return data({ ok: false, message: M.failed }, 500);
  }
  return { ok: true, message: on ? M.marketingStarted : M.marketingStopped };
}

export default function PrivacySettings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <ConsentsSection
      consents={loaderData.consents}
      timeZone={loaderData.timeZone}
      result={result ?? null}
    />
  );
}
