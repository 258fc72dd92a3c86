import { data, redirect } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import {
  changeEmailSchema,
  changePasswordSchema,
  revokeOtherSessionsSchema,
  revokeSessionSchema,
  setPasswordSchema,
} from "../../../core/forms/account";
import { formatSessionTime } from "../../../core/format";
import { ACCOUNT_MESSAGES as M } from "../../../core/messages/account";
import {
  accountOverview,
  changePassword,
  listSignIns,
  requestEmailChange,
  revokeOtherSignIns,
  revokeSignIn,
  setFirstPassword,
} from "../../../server/accounts/account-settings.server";
import { requireViewer } from "../../../server/auth/session.server";
import { EmailSection } from "../../components/settings/email-section";
import { PasswordSection } from "../../components/settings/password-section";
import { SignInsSection } from "../../components/settings/sign-ins-section";
import { invalidForm, parseForm } from "../../lib/forms";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import { DEFAULT_TIME_ZONE } from "../../../core/time-zones";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "Account | Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  // The person's own zone; without one, India's, where most people here are.
  const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const now = context.now();
  const [overview, signIns] = await Promise.all([
    accountOverview(context.db, viewer, now),
    listSignIns(context, viewer, request.headers, now),
  ]);
  const url = new URL(request.url);
  return {
    ...overview,
    // better-auth's verify-email comes back with ?error=… when its link no longer works.
    linkFailed: url.searchParams.has("email-changed") && url.searchParams.has("error"),
    signIns: signIns.map((signIn) => ({
      id: signIn.id,
      device: signIn.device,
      address: signIn.address,
      current: signIn.current,
      signedIn: formatSessionTime(signIn.signedInAt, zone),
      lastActive: formatSessionTime(signIn.lastActiveAt, zone),
    })),
  };
}

export type AccountActionData =
  | { intent: string; ok: true; title: string; message: string; done: string }
  | { intent: string; ok: false; message: string };

const refused = (intent: string, message: string, status: number, field?: string) =>
  field
    ? data({ intent, ok: false as const, message, fieldErrors: { [field]: message } }, { status })
    : data({ intent, ok: false as const, message }, { status });
const done = (intent: string, title: string, message: string, init?: ResponseInit) =>
  data({ intent, ok: true as const, title, message, done: crypto.randomUUID() }, init);

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const intent = form.get("intent");
  const now = context.now();
  const headers = request.headers;

  if (intent === "change-email") {
    const parsed = await parseForm(form, changeEmailSchema);
    if (!parsed.success) return invalidForm(parsed, { intent, ok: false as const });
    const result = await requestEmailChange(context, viewer, parsed.data.newEmail, headers, now);
    if (!result.ok) return refused(intent, result.message, result.status, result.field);
    return done(intent, M.emailChangeSentTitle, M.emailChangeSent(parsed.data.newEmail));
  }
  if (intent === "change-password") {
    const parsed = await parseForm(form, changePasswordSchema);
    if (!parsed.success) return invalidForm(parsed, { intent, ok: false as const });
    const result = await changePassword(context, viewer, parsed.data, headers, now);
    if (!result.ok) return refused(intent, result.message, result.status, result.field);
    return done(intent, M.passwordChangedTitle, M.passwordChanged, { headers: result.headers });
  }
  if (intent === "set-password") {
    const parsed = await parseForm(form, setPasswordSchema);
    if (!parsed.success) return invalidForm(parsed, { intent, ok: false as const });
    const result = await setFirstPassword(context, viewer, parsed.data.newPassword, headers);
    if (!result.ok) return refused(intent, result.message, result.status);
    return done(intent, M.passwordSetTitle, M.passwordSet);
  }
  if (intent === "revoke-session") {
    const parsed = await parseForm(form, revokeSessionSchema);
    if (!parsed.success) return refused(intent, M.sessionGone, 400);
    const signIns = await listSignIns(context, viewer, headers, now);
    const current = signIns.find((signIn) => signIn.current)?.id;
    const result = await revokeSignIn(context, viewer, parsed.data.sessionId, headers, now);
    if (!result.ok) return refused(intent, result.message, result.status);
    // Signing out this device's own session is signing out.
    if (parsed.data.sessionId === current) throw redirect("/auth");
    return done(intent, M.signedOutTitle, M.signedOutOne(result.device));
  }
  if (intent === "revoke-other-sessions") {
    const parsed = await parseForm(form, revokeOtherSessionsSchema);
    if (!parsed.success) return refused(String(intent), M.sessionGone, 400);
    const result = await revokeOtherSignIns(context, viewer, headers, now);
    return done(intent, M.signedOutTitle, M.signedOutOthers(result.count));
  }
  return refused(typeof intent === "string" ? intent : "", M.unknownAction, 400);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  return offlineSafe(serverAction, { intent, ok: false as const, message: CONNECTION_LOST });
}

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AccountActionData | undefined;
  const answer = (intents: string[]) =>
    result && intents.includes(result.intent) ? result : undefined;
  return (
    <>
      <EmailSection
        email={loaderData.email}
        justChangedTo={loaderData.justChangedTo}
        linkFailed={loaderData.linkFailed}
        result={answer(["change-email"])}
      />
      <PasswordSection
        hasPassword={loaderData.hasPassword}
        result={answer(["change-password", "set-password"])}
      />
      <SignInsSection
        signIns={loaderData.signIns}
        result={answer(["revoke-session", "revoke-other-sessions"])}
      />
    </>
  );
}
