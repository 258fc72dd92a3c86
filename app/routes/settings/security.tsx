import { data, redirect } from "react-router";
import {
  confirmTotpSchema,
  currentPasswordSchema,
  deletePasskeySchema,
  renamePasskeySchema,
  noPasswordSchema,
} from "../../../core/forms/security";
import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import {
  cancelTotpSetup,
  confirmTotp,
  deletePasskey,
  renamePasskey,
  disableTotp,
  loadSecurity,
  regenerateBackupCodes,
  startTotp,
} from "../../../server/accounts/security.server";
import { requireViewer } from "../../../server/auth/session.server";
import {
  type SecurityActionData,
  type SecurityIntent,
  SecuritySettings,
} from "../../components/settings/security-settings";
import { flashCookie } from "../../lib/flash";
import { invalidForm, parseForm } from "../../lib/forms";
import { readForm } from "../../lib/request-body";
import { DEFAULT_TIME_ZONE } from "../../../core/time-zones";
import type { Route } from "./+types/security";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Security | Settings | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  const security = await loadSecurity(context, {
    authUserId: viewer.authUserId,
    email: viewer.email,
  });
  return {
    ...security,
    adminNeedsSecondFactor: viewer.adminNeedsSecondFactor,
    timeZone: viewer.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

const INTENTS: SecurityIntent[] = [
  "totp-start",
  "totp-confirm",
  "totp-cancel",
  "backup-regenerate",
  "totp-disable",
  "passkey-delete",
  "passkey-rename",
  "passkey-add",
];
const HERE = "/settings/security";

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const intent = form.get("intent") as SecurityIntent;
  if (!INTENTS.includes(intent)) throw new Response("Unknown action", { status: 400 });
  const who = { authUserId: viewer.authUserId, email: viewer.email, headers: request.headers };
  const fail = (title: string, message: string, field?: string) =>
    data<SecurityActionData>(
      {
        intent,
        ok: false,
        title,
        message: field ? undefined : message,
        ...(field ? { fieldErrors: { [field]: message } } : {}),
      },
      { status: 400 },
    );
  const passwordFor = async () => {
    const { hasPassword } = await loadSecurity(context, who);
    return parseForm(form, hasPassword ? currentPasswordSchema : noPasswordSchema);
  };

  switch (intent) {
    case "totp-start":
    case "backup-regenerate":
    case "totp-disable": {
      const parsed = await passwordFor();
      if (!parsed.success) return invalidForm(parsed, { intent, ok: false as const });
      const password = "password" in parsed.data ? (parsed.data.password as string) : "";
      if (intent === "backup-regenerate") {
        const result = await regenerateBackupCodes(context, who, password);
        if (!result.ok) return fail(result.title, result.message, result.field);
        return data<SecurityActionData>({
          intent,
          ok: true,
          title: M.backupCodesRegenerated,
          backupCodes: result.backupCodes,
        });
      }
      const result =
        intent === "totp-start"
          ? await startTotp(context, who, password)
          : await disableTotp(context, who, password);
      if (!result.ok) return fail(result.title, result.message, result.field);
      return back(result.headers, intent === "totp-disable" ? M.turnedOffTitle : null);
    }
    case "totp-confirm": {
      const parsed = await parseForm(form, confirmTotpSchema);
      if (!parsed.success) return invalidForm(parsed, { intent, ok: false as const });
      const result = await confirmTotp(context, who, parsed.data.code);
      if (!result.ok) return fail(result.title, result.message, result.field);
      const headers = new Headers();
      for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return data<SecurityActionData>(
        { intent, ok: true, title: M.backupCodesReady, backupCodes: result.backupCodes },
        { headers },
      );
    }
    case "totp-cancel":
      await cancelTotpSetup(context.db, viewer.authUserId);
      return back(new Headers(), null);
    case "passkey-delete": {
      const parsed = await parseForm(form, deletePasskeySchema);
      if (!parsed.success) return fail(M.errorTitle, M.passkeyNotFound);
      const result = await deletePasskey(context, who, parsed.data.id);
      if (!result.ok) return fail(result.title, result.message);
      return back(result.headers, M.passkeyDeletedTitle);
    }
    case "passkey-rename": {
      const parsed = await parseForm(form, renamePasskeySchema);
      if (!parsed.success) {
        return invalidForm(parsed, { intent, ok: false as const });
      }
      const result = await renamePasskey(context, who, parsed.data);
      if (!result.ok) return fail(result.title, result.message);
      return back(result.headers, M.passkeyRenamedTitle);
    }
    case "passkey-add":
      // The form's own submit runs only before the scripts have: WebAuthn needs them.
      return fail(M.errorTitle, M.passkeyScriptsNeeded);
  }
}

function back(from: Headers, flash: string | null): never {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (flash) headers.append("Set-Cookie", flashCookie({ title: flash }));
  throw redirect(HERE, { headers });
}

export default function SecurityPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SecuritySettings view={loaderData} result={actionData as SecurityActionData | undefined} />
  );
}
