import { data } from "react-router";
import { formValues } from "../../../core/form";
import { SUPPORT_REPLY_TIME } from "../../../core/contact";
import { contactSchema } from "../../../core/forms/contact";
import { type ContactActionData, ContactForm } from "../../components/pages/contact-form";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import { ProsePage } from "../../components/pages/prose-page";
import { SupportDetails } from "../../components/pages/support-details";
import { sendContactMessage } from "../../../server/support/contact.server";
import type { Route } from "./+types/contact";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";

export function meta() {
  return [
    { title: "Contact Us | BeenThere" },
    {
      name: "description",
      content: `Questions about a booking, a refund or becoming an advisor? Write to BeenThere support: we reply within ${SUPPORT_REPLY_TIME} during support hours (Mon-Fri 9:00-18:00, Sat-Sun 10:00-16:00 IST).`,
    },
  ];
}

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export function loader({ context }: Route.LoaderArgs) {
  return { supportEmail: context.config.supportEmail };
}

export async function action({ request, context }: Route.ActionArgs) {
  // A message is at most 2000 characters: readForm's 64 kB is far beyond a person typing.
  const form = await readForm(request);
  const values = formValues(contactSchema, form);
  const website = form.get("website");
  const result = await sendContactMessage(
    context.db,
    context.config,
    { ...values, website: typeof website === "string" ? website : "" },
    context.clientIp,
  );
  switch (result.status) {
    case "sent":
      context.logger.info({ topic: values.topic }, "contact message queued");
      return { status: "sent", name: result.name, email: result.email } satisfies ContactActionData;
    case "invalid":
      return data(
        { status: "invalid", fieldErrors: result.fieldErrors, values } satisfies ContactActionData,
        {
          status: 400,
        },
      );
    case "rate-limited":
      context.logger.warn({ clientIp: context.clientIp }, "contact form rate limit reached");
      return data(
        { status: "not-sent", message: result.message, values } satisfies ContactActionData,
        {
          status: 429,
          headers: { "Retry-After": String(result.retryAfterSeconds) },
        },
      );
  }
}

/** A message that never reached the server stays in the form, with a message saying so. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const values = formValues(contactSchema, await request.clone().formData());
  return offlineSafe(serverAction, {
    status: "not-sent",
    message: CONNECTION_LOST,
    values,
  } satisfies ContactActionData);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProsePage
      eyebrow="Contact"
      title="Contact Us"
      intro="Questions about a booking, a refund or becoming an advisor? Our support team is here to help, seven days a week."
      width="wide"
    >
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <div className="self-start rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
          <ContactForm actionData={actionData} />
        </div>
        <SupportDetails supportEmail={loaderData.supportEmail} />
      </div>
    </ProsePage>
  );
}
