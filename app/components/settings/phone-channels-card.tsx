import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  PHONE_CHANNELS,
  PHONE_CHANNEL_LABELS,
  PHONE_CODE_TTL_MINUTES,
  type PhoneChannel,
} from "../../../core/channels";
import { CONSENTS } from "../../../core/consents";
import { verifyCodeSchema } from "../../../core/forms/phone";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { toast } from "../ui/toaster";

export type PhoneView = {
  display: string | null;
  verified: boolean;
  codePending: boolean;
  channels: Record<PhoneChannel, boolean>;
};

type Result = { intent: string; ok: boolean; message?: string; done?: string } | undefined;

/**
 * WhatsApp and SMS: the number verified by a code sent by SMS, then each channel turned on or
 * off in the words the consent log records. Plain forms: they work before the scripts load.
 */
export function PhoneChannelsCard({ phone, actionData }: { phone: PhoneView; actionData: Result }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const codeForm = useZodForm(verifyCodeSchema, {
    id: "phone-code",
    result: actionData?.intent === "verify-code" ? actionData : undefined,
  });
  useEffect(() => {
    if (actionData?.ok && actionData.message) toast.success(actionData.message);
  }, [actionData]);
  // A refused code shows beside its field; anything else refused shows below the card's forms.
  const failure =
    actionData && !actionData.ok && !(actionData.intent === "verify-code" && phone.codePending);

  return (
    <Card className="grid gap-5 p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">WhatsApp and SMS</h2>
        <p className="text-sm text-muted">
          Get booking updates and reminders on your phone. E-mail stays on either way.
        </p>
      </div>
      {phone.display === null ? (
        <p className="text-sm">
          <Link to="/settings" className="font-medium text-brand-700 underline underline-offset-2">
            Add your phone number under Profile
          </Link>{" "}
          to get messages on WhatsApp or SMS.
        </p>
      ) : phone.verified ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{phone.display}</span>
            <Badge tone="brand" className="gap-1" data-testid="phone-verified">
              <CheckCircle2 className="size-3.5" aria-hidden="true" />
              Verified
            </Badge>
          </p>
          <ul className="grid divide-y divide-line">
            {PHONE_CHANNELS.map((channel) => {
              const on = phone.channels[channel];
              return (
                <li
                  key={channel}
                  className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                    <span className="font-medium text-ink">
                      {PHONE_CHANNEL_LABELS[channel]}: {on ? "On" : "Off"}
                    </span>
                    <span className="text-sm text-muted">{CONSENTS[channel].wording}</span>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="channel" />
                    <input type="hidden" name="channel" value={channel} />
                    <input type="hidden" name="on" value={on ? "false" : "true"} />
                    <Button type="submit" variant="outline" disabled={busy}>
                      {on ? "Turn off" : "Turn on"} {PHONE_CHANNEL_LABELS[channel]}
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm">
            <span className="font-medium">{phone.display}</span> is not verified yet. We will send a
            6-digit code to it by SMS; it works for {PHONE_CODE_TTL_MINUTES} minutes.
          </p>
          {phone.codePending ? (
            <Form method="post" {...codeForm.props} className="grid gap-3 sm:max-w-xs">
              <input type="hidden" name="intent" value="verify-code" />
              <FormField form={codeForm} name="code" label="Verification code">
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
              </FormField>
              <div>
                <Button type="submit" disabled={busy}>
                  Verify
                </Button>
              </div>
            </Form>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="send-code" />
            <Button
              type="submit"
              variant={phone.codePending ? "outline" : "primary"}
              disabled={busy}
            >
              {phone.codePending ? "Send a new code" : "Send code"}
            </Button>
          </Form>
        </div>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {actionData.message}
        </p>
      ) : null}
    </Card>
  );
}
