import { CheckCircle2, Save } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { notificationSettingsSchema, shownPreferences } from "../../../core/forms/settings";
import { PHONE_CHANNELS, type PhoneChannel } from "../../../core/channels";
import { SETTINGS_MESSAGES as M } from "../../../core/messages/settings";
import {
  ALWAYS_SENT_KINDS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
  type PreferenceMatrix,
  SWITCHABLE_KINDS,
  offeredOn,
  preferenceField,
} from "../../../core/notifications";
import { useZodForm } from "../../lib/forms";
import { Badge, Card } from "../ui/card";
import { Button } from "../ui/button";
import { FieldError } from "../ui/form-field";
import { toast } from "../ui/toaster";

const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
  sms: "SMS",
};

/**
 * The Notifications section: a switch per kind and channel that a person may turn off, then
 * the messages always sent, marked so. A plain form: it works before the scripts load.
 */
export function NotificationsSection({
  preferences,
  productNews,
  channels,
  actionData,
}: {
  preferences: PreferenceMatrix;
  /** The phone channels opted in to (with a verified number): their boxes are shown too. */
  channels?: Record<PhoneChannel, boolean>;
  /** The person's marketing consent, which is product news' switch (Settings > Privacy). */
  productNews: boolean;
  actionData: object | undefined;
}) {
  const shown: NotificationChannel[] = [
    "email",
    ...PHONE_CHANNELS.filter((channel) => channels?.[channel]),
  ];
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useZodForm(notificationSettingsSchema, { id: "notifications", result: actionData });
  // The boxes' names are built from the kinds and channels, which zod's key type cannot list.
  const field = (name: string) => name as "shown";
  const refused =
    form.error("shown") ??
    SWITCHABLE_KINDS.flatMap((kind) =>
      shown
        .filter((channel) => offeredOn(kind, channel))
        .map((channel) => form.error(field(preferenceField(kind, channel)))),
    ).find(Boolean);
  useEffect(() => {
    if (actionData && "saved" in actionData) toast.success(M.preferencesSaved);
  }, [actionData]);

  return (
    <>
      <Card className="p-6">
        <Form
          method="post"
          {...form.props}
          aria-labelledby="notifications-heading"
          className="grid gap-5"
        >
          <div className="grid gap-1">
            <h2 id="notifications-heading" className="text-lg font-semibold">
              What we send you
            </h2>
            <p className="text-sm text-muted">Choose which messages you get, and how.</p>
          </div>
          <input type="hidden" name="shown" value={shownPreferences(shown)} />
          <ul className="grid divide-y divide-line">
            {SWITCHABLE_KINDS.map((kind) => {
              const { label, description } = NOTIFICATION_KIND_LABELS[kind];
              return (
                <li key={kind} className="py-3 first:pt-0 last:pb-0">
                  <fieldset className="flex flex-wrap items-start justify-between gap-3">
                    <legend className="sr-only">{label}</legend>
                    <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                      <span aria-hidden="true" className="font-medium text-ink">
                        {label}
                      </span>
                      <span className="text-sm text-muted">{description}</span>
                    </div>
                    <div className="flex flex-wrap gap-4">
                      {shown
                        .filter((channel) => offeredOn(kind, channel))
                        .map((channel) => {
                          const name = preferenceField(kind, channel);
                          return (
                            <label
                              key={channel}
                              htmlFor={form.id(field(name))}
                              className="flex items-center gap-2 text-sm font-medium text-ink"
                            >
                              <input
                                type="checkbox"
                                id={form.id(field(name))}
                                name={name}
                                defaultChecked={preferences[kind][channel]}
                                className="size-5 accent-brand-700"
                              />
                              {CHANNEL_LABELS[channel]}
                            </label>
                          );
                        })}
                    </div>
                  </fieldset>
                </li>
              );
            })}
            <li className="flex flex-wrap items-start justify-between gap-3 pt-3">
              <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                <span className="font-medium text-ink">
                  {NOTIFICATION_KIND_LABELS.product_news.label}
                </span>
                <span className="text-sm text-muted">
                  {NOTIFICATION_KIND_LABELS.product_news.description}{" "}
                  <Link
                    to="/settings/privacy"
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {M.productNewsWhere}
                  </Link>
                </span>
              </div>
              <Badge tone={productNews ? "brand" : "neutral"} data-testid="product-news">
                {CHANNEL_LABELS.email}: {productNews ? M.productNewsOn : M.productNewsOff}
              </Badge>
            </li>
          </ul>
          <FieldError id="notifications-error" error={refused} />
          <div>
            <Button type="submit" disabled={saving}>
              <Save aria-hidden="true" />
              {saving ? "Saving..." : "Save preferences"}
            </Button>
          </div>
        </Form>
      </Card>
      <Card className="grid gap-4 p-6">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{M.alwaysSent}</h2>
          <p className="text-sm text-muted">{M.alwaysSentIntro}</p>
        </div>
        <ul className="grid divide-y divide-line">
          {ALWAYS_SENT_KINDS.map((kind) => {
            const { label, description } = NOTIFICATION_KIND_LABELS[kind];
            return (
              <li
                key={kind}
                className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0"
              >
                <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                  <span className="font-medium text-ink">{label}</span>
                  <span className="text-sm text-muted">{description}</span>
                </div>
                <Badge className="gap-1">
                  <CheckCircle2 className="size-3.5" aria-hidden="true" />
                  {M.alwaysSent}
                </Badge>
              </li>
            );
          })}
        </ul>
      </Card>
    </>
  );
}
