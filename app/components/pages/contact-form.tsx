import { CheckCircle2, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  SUPPORT_REPLY_TIME,
} from "../../../core/contact";
import type { FieldErrors, FormValues } from "../../../core/form";
import { contactSchema } from "../../../core/forms/contact";
import { CONTACT_MESSAGES } from "../../../core/messages/contact";
import { useZodForm } from "../../lib/forms";
import { FormSummary } from "../ui/form-summary";
import { Button } from "../ui/button";
import { CharacterCount } from "../ui/character-count";
import { FormField } from "../ui/form-field";
import { Input, Textarea, Select } from "../ui/input";
import { toast } from "../ui/toaster";

export type ContactValues = FormValues<typeof contactSchema>;

/** What the contact route's action answers. */
export type ContactActionData =
  | { status: "sent"; name: string; email: string }
  | { status: "invalid"; fieldErrors: FieldErrors<typeof contactSchema>; values: ContactValues }
  | { status: "not-sent"; message: string; values: ContactValues };

/**
 * The contact form. The server action is the truth; the same schema runs here first so people
 * see what to fix without a round trip. It works without JavaScript too (a plain POST).
 */
export function ContactForm({ actionData }: { actionData: ContactActionData | undefined }) {
  if (actionData?.status === "sent") return <ContactSuccess email={actionData.email} />;
  return <ContactFormFields actionData={actionData} />;
}

function ContactFormFields({
  actionData,
}: {
  actionData: Exclude<ContactActionData, { status: "sent" }> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const form = useZodForm(contactSchema, { id: "contact", result: actionData });
  const values = actionData?.values;
  const [messageLength, setMessageLength] = useState(values?.message.length ?? 0);

  return (
    <Form
      method="post"
      {...form.props}
      onInput={(event) => {
        // The kit's own listener first: it clears a field's error as it is fixed.
        form.props.onInput?.(event);
        const target = event.target as HTMLTextAreaElement;
        if (target.name === "message") setMessageLength(target.value.length);
      }}
      aria-labelledby="contact-form-heading"
      className="grid gap-5"
    >
      <h2 id="contact-form-heading" className="text-xl font-semibold text-ink">
        Send us a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="name" label="Your name">
          <Input autoComplete="name" required maxLength={CONTACT_LIMITS.nameMax} />
        </FormField>
        <FormField
          form={form}
          name="email"
          label="Email address"
          hint="We'll reply to this address."
        >
          <Input type="email" autoComplete="email" required maxLength={CONTACT_LIMITS.emailMax} />
        </FormField>
      </div>
      <FormField form={form} name="topic" label="Topic">
        <Select required defaultValue={values?.topic ?? ""}>
          <option value="" disabled>
            Choose a topic
          </option>
          {CONTACT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {topic}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        form={form}
        name="message"
        label="Message"
        hint={CONTACT_MESSAGES.messageHint}
        aside={<CharacterCount length={messageLength} max={CONTACT_LIMITS.messageMax} />}
      >
        <Textarea rows={6} required className="min-h-36 resize-y" />
      </FormField>
      {/* Honeypot: hidden from people and assistive technology; bots tend to fill it in. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`contact-${CONTACT_HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`contact-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {actionData?.status === "not-sent" ? <FormSummary message={actionData.message} /> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          We use your details only to answer you. See our{" "}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-brand-700">
            Privacy Policy
          </Link>
          .
        </p>
        <Button type="submit" size="lg" disabled={submitting} className="sm:w-auto">
          <Send aria-hidden="true" />
          {submitting ? "Sending…" : "Send message"}
        </Button>
      </div>
    </Form>
  );
}

function ContactSuccess({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Move focus to the confirmation, keeping it clear of the sticky header.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "nearest" });
    toast.success(CONTACT_MESSAGES.sentTitle, {
      description: `We'll reply within ${SUPPORT_REPLY_TIME} during support hours.`,
    });
  }, []);
  return (
    <div className="grid justify-items-start gap-4">
      <span className="grid size-12 place-items-center rounded-full bg-green-100 text-success">
        <CheckCircle2 className="size-6" aria-hidden="true" />
      </span>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-28 text-xl font-semibold text-ink outline-none"
      >
        Thanks, we&apos;ve got your message
      </h2>
      <p className="leading-7 text-slate-700">
        We&apos;ve sent a confirmation to <strong className="text-ink">{email}</strong>. Our support
        team will reply within {SUPPORT_REPLY_TIME} during support hours; messages sent outside them
        are answered first thing when we are back.
      </p>
      <Button asChild variant="outline">
        <Link to="/contact">Send another message</Link>
      </Button>
    </div>
  );
}
