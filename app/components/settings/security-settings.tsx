import { KeyRound, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Form, useNavigation, useRevalidator } from "react-router";
import { groupKey, type SecurityView } from "../../../core/account-security";
import {
  confirmTotpSchema,
  currentPasswordSchema,
  noPasswordSchema,
  PASSKEY_NAME_MAX_LENGTH,
  passkeyNameSchema,
  renamePasskeySchema,
} from "../../../core/forms/security";
import { SECURITY_MESSAGES as M } from "../../../core/messages/security";
import { type ZodForm, useZodForm } from "../../lib/forms";
import { addPasskey } from "../../lib/passkeys";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { FormSummary } from "../ui/form-summary";
import { Input } from "../ui/input";
import { toast } from "../ui/toaster";
import { QrCode } from "./qr-code";

export type SecurityIntent =
  | "totp-start"
  | "totp-confirm"
  | "totp-cancel"
  | "backup-regenerate"
  | "totp-disable"
  | "passkey-delete"
  | "passkey-rename"
  | "passkey-add";

export type SecurityActionData = {
  intent: SecurityIntent;
  ok: boolean;
  title?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
  values?: Record<string, string>;
  /** Shown once, right after they are made. */
  backupCodes?: string[];
};

type View = SecurityView & { adminNeedsSecondFactor: boolean; timeZone: string };

/** "4 Mar 2026" in the reader's zone: the day a passkey was added. */
const addedOn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone,
  }).format(new Date(iso));

/** Settings → Security: the authenticator app and passkeys (ADR 92). */
export function SecuritySettings({ view, result }: { view: View; result?: SecurityActionData }) {
  return (
    <>
      {view.adminNeedsSecondFactor ? (
        <FormSummary title={M.adminNeedsSecondFactorTitle} message={M.adminNeedsSecondFactor} />
      ) : null}
      <TotpCard view={view} result={result} />
      <PasskeysCard view={view} result={result} />
    </>
  );
}

function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-6" aria-labelledby={id}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}

function forIntent(result: SecurityActionData | undefined, intent: SecurityIntent) {
  return result?.intent === intent ? result : undefined;
}

function TotpCard({ view, result }: { view: View; result?: SecurityActionData }) {
  const codes = result?.ok ? result.backupCodes : undefined;
  return (
    <Section
      id="totp-heading"
      title={M.totpHeading}
      icon={<ShieldCheck className="size-5 text-brand-700" aria-hidden="true" />}
    >
      {codes ? <BackupCodes title={result!.title!} codes={codes} /> : null}
      {view.totp === "off" ? (
        <>
          <p className="text-muted">{M.totpOff}</p>
          <PasswordForm
            intent="totp-start"
            hasPassword={view.hasPassword}
            result={forIntent(result, "totp-start")}
            submit={M.turnOn}
          />
        </>
      ) : view.totp === "pending" && view.setup ? (
        <TotpSetup setup={view.setup} result={result} />
      ) : (
        <>
          <p className="text-muted">{M.totpOn}</p>
          <div className="grid gap-6 sm:grid-cols-2">
            <PasswordForm
              intent="backup-regenerate"
              hasPassword={view.hasPassword}
              result={forIntent(result, "backup-regenerate")}
              submit={M.regenerate}
              hint={M.regenerateHint}
              variant="outline"
            />
            <PasswordForm
              intent="totp-disable"
              hasPassword={view.hasPassword}
              result={forIntent(result, "totp-disable")}
              submit={M.turnOff}
              variant="danger"
            />
          </div>
        </>
      )}
    </Section>
  );
}

function BackupCodes({ title, codes }: { title: string; codes: string[] }) {
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4">
      <p className="font-semibold text-brand-900">{title}</p>
      <p className="text-sm text-brand-900">{M.backupCodesIntro}</p>
      <h3 className="text-sm font-semibold">{M.backupCodesTitle}</h3>
      <ul aria-label={M.backupCodesTitle} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function TotpSetup({
  setup,
  result,
}: {
  setup: NonNullable<SecurityView["setup"]>;
  result?: SecurityActionData;
}) {
  const form = useZodForm(confirmTotpSchema, {
    id: "totp-confirm",
    result: forIntent(result, "totp-confirm"),
  });
  const busy = useBusy("totp-confirm");
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold">{M.scanTitle}</h3>
      <p className="text-sm text-muted">{M.scanIntro}</p>
      <QrCode matrix={setup.qr} label={M.scanTitle} />
      <dl className="grid gap-1">
        <dt className="text-sm font-medium">{M.secretLabel}</dt>
        <dd className="font-mono text-sm" data-testid="totp-secret">
          {groupKey(setup.secret)}
        </dd>
      </dl>
      <Form method="post" className="grid gap-4 sm:max-w-xs" {...form.props}>
        <input type="hidden" name="intent" value="totp-confirm" />
        <FormField form={form} name="code" label={M.codeLabel}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} required />
        </FormField>
        <FormSummary
          title={forIntent(result, "totp-confirm")?.title}
          message={forIntent(result, "totp-confirm")?.message}
        />
        <Button type="submit" disabled={busy}>
          {M.confirmCode}
        </Button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="totp-cancel" />
        <Button type="submit" variant="link">
          {M.cancelSetup}
        </Button>
      </Form>
    </div>
  );
}

function useBusy(intent: SecurityIntent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function PasswordForm({
  intent,
  hasPassword,
  result,
  submit,
  hint,
  variant = "primary",
}: {
  intent: SecurityIntent;
  hasPassword: boolean;
  result?: SecurityActionData;
  submit: string;
  hint?: string;
  variant?: "primary" | "outline" | "danger";
}) {
  const form = useZodForm(hasPassword ? currentPasswordSchema : noPasswordSchema, {
    id: intent,
    result,
  }) as ZodForm<typeof currentPasswordSchema>;
  const busy = useBusy(intent);
  return (
    <Form method="post" className="grid content-start gap-3 sm:max-w-xs" {...form.props}>
      <input type="hidden" name="intent" value={intent} />
      {hasPassword ? (
        <FormField form={form} name="password" label={M.currentPassword} hint={hint}>
          <Input type="password" autoComplete="current-password" required />
        </FormField>
      ) : hint ? (
        <p className="text-sm text-muted">{hint}</p>
      ) : null}
      <FormSummary title={result?.ok ? undefined : result?.title} message={result?.message} />
      <Button type="submit" variant={variant} disabled={busy}>
        {submit}
      </Button>
    </Form>
  );
}

function PasskeysCard({ view, result }: { view: View; result?: SecurityActionData }) {
  const deleting = forIntent(result, "passkey-delete");
  const renaming = forIntent(result, "passkey-rename");
  return (
    <Section
      id="passkeys-heading"
      title={M.passkeysHeading}
      icon={<KeyRound className="size-5 text-brand-700" aria-hidden="true" />}
    >
      <p className="text-muted">{M.passkeysIntro}</p>
      {view.passkeys.length === 0 ? (
        <p className="text-sm">{M.noPasskeys}</p>
      ) : (
        <ul aria-label={M.passkeysHeading} className="grid gap-2">
          {view.passkeys.map((passkey) => (
            <li
              key={passkey.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
            >
              <div className="grid min-w-0">
                <span className="font-medium break-words">{passkey.name}</span>
                <span className="text-sm text-muted">
                  {M.added(addedOn(passkey.createdAt, view.timeZone))}
                </span>
              </div>
              <RenamePasskeyForm
                passkey={passkey}
                result={renaming?.values?.id === passkey.id ? renaming : undefined}
              />
              <Form method="post">
                <input type="hidden" name="intent" value="passkey-delete" />
                <input type="hidden" name="id" value={passkey.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={M.deletePasskey(passkey.name)}
                >
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <FormSummary
        title={deleting?.title ?? renaming?.title}
        message={deleting?.message ?? renaming?.message}
      />
      <AddPasskeyForm result={forIntent(result, "passkey-add")} />
    </Section>
  );
}

/** A passkey's new name: a disclosure, so it works before (or without) the scripts. */
function RenamePasskeyForm({
  passkey,
  result,
}: {
  passkey: { id: string; name: string };
  result?: SecurityActionData;
}) {
  const form = useZodForm(renamePasskeySchema, { id: `passkey-rename-${passkey.id}`, result });
  return (
    <details className="order-last basis-full" open={result !== undefined}>
      <summary
        className="w-fit cursor-pointer text-sm font-medium text-brand-700 underline underline-offset-2"
        aria-label={M.renamePasskeyLabel(passkey.name)}
      >
        {M.renamePasskey}
      </summary>
      <Form method="post" className="mt-3 grid gap-3 sm:max-w-sm" {...form.props}>
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="id" value={passkey.id} />
        <FormField form={form} name="name" label={M.newPasskeyName}>
          <Input
            required
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            autoComplete="off"
            defaultValue={passkey.name}
          />
        </FormField>
        <Button type="submit" variant="outline" size="sm" className="w-fit">
          {M.savePasskeyName}
        </Button>
      </Form>
    </details>
  );
}

/** Adding a passkey runs in the browser (WebAuthn); without scripts the action says so. */
function AddPasskeyForm({ result }: { result?: SecurityActionData }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(passkeyNameSchema, { id: "passkey-add", result });
  return (
    <Form
      method="post"
      className="grid gap-3 sm:max-w-sm"
      {...form.props}
      onSubmit={async (event) => {
        form.props.onSubmit(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const input = event.currentTarget.elements.namedItem("name") as HTMLInputElement;
        const parsed = passkeyNameSchema.safeParse({ name: input.value });
        if (!parsed.success) return;
        setBusy(true);
        setError(null);
        const failed = await addPasskey(parsed.data.name).catch(() => M.passkeyAddFailed);
        setBusy(false);
        if (failed) {
          setError(failed);
          return;
        }
        input.value = "";
        toast.success(M.passkeyAddedTitle, { description: M.passkeyAdded(parsed.data.name) });
        await revalidator.revalidate();
      }}
    >
      <input type="hidden" name="intent" value="passkey-add" />
      <FormField form={form} name="name" label={M.passkeyName} hint={M.passkeyNameHint}>
        <Input required maxLength={PASSKEY_NAME_MAX_LENGTH} autoComplete="off" />
      </FormField>
      <FormSummary title={M.errorTitle} message={error ?? result?.message} />
      <Button type="submit" variant="outline" disabled={busy}>
        <KeyRound className="size-4" aria-hidden="true" />
        {M.addPasskey}
      </Button>
    </Form>
  );
}
