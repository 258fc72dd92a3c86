import { AlertCircle, CheckCircle2, Send } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  type ContactField,
  type ContactFieldErrors,
  SUPPORT_REPLY_TIME,
  validateContact,
} from "../../../core/contact";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Input, Label, Textarea } from "../ui/input";
import { toast } from "../ui/toaster";

export type ContactValues = Record<ContactField, string>;

/** What the contact route's action answers. */
export type ContactActionData =
  | { status: "sent"; name: string; email: string }
  | { status: "invalid"; fieldErrors: ContactFieldErrors; values: ContactValues }
  | { status: "not-sent"; message: string; values: ContactValues };

const ID = "contact";
const fieldId = (field: ContactField) => `${ID}-${field}`;

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
  const formRef = useRef<HTMLFormElement>(null);
  const values = actionData?.values;
  const serverErrors = actionData?.status === "invalid" ? actionData.fieldErrors : undefined;

  // Client-side hints replace the server's errors until the next answer from the server.
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [seenActionData, setSeenActionData] = useState(actionData);
  if (actionData !== seenActionData) {
    setSeenActionData(actionData);
    setClientErrors(null);
  }
  const errors = clientErrors ?? serverErrors ?? {};
  const [messageLength, setMessageLength] = useState(values?.message.length ?? 0);

  useEffect(() => {
    if (serverErrors && formRef.current) focusFirstInvalid(formRef.current, serverErrors);
  }, [serverErrors]);

  const validate = (form: HTMLFormElement) => {
    const result = validateContact(Object.fromEntries(new FormData(form)));
    return result.success ? {} : result.fieldErrors;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = validate(event.currentTarget);
    setAttempted(true);
    setClientErrors(found);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, found);
    }
  };

  const recheckField = (form: HTMLFormElement, field: ContactField) => {
    const found = validate(form);
    setClientErrors((current) => ({ ...(current ?? serverErrors ?? {}), [field]: found[field] }));
  };

  // After a first attempt, errors follow every keystroke; before it, a field that shows an
  // error is rechecked as it is edited, so the message disappears once it is fixed.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const field = target.name as ContactField;
    if (field === "message") setMessageLength(target.value.length);
    if (attempted) setClientErrors(validate(event.currentTarget));
    else if (CONTACT_FIELDS.includes(field) && errors[field]) {
      recheckField(event.currentTarget, field);
    }
  };

  // A filled-in field is checked when the person leaves it; empty ones wait for the submit.
  const onBlur = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const field = target.name as ContactField;
    if (attempted || !CONTACT_FIELDS.includes(field) || target.value.trim() === "") return;
    recheckField(event.currentTarget, field);
  };

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      onBlur={onBlur}
      aria-labelledby="contact-form-heading"
      className="grid gap-5"
    >
      <h2 id="contact-form-heading" className="text-xl font-semibold text-ink">
        Send us a message
      </h2>
      {actionData?.status === "not-sent" ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {actionData.message}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField field="name" label="Your name" error={errors.name}>
          {(describedBy) => (
            <Input
              id={fieldId("name")}
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.nameMax}
              defaultValue={values?.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField
          field="email"
          label="Email address"
          hint="We'll reply to this address."
          error={errors.email}
        >
          {(describedBy) => (
            <Input
              id={fieldId("email")}
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.emailMax}
              defaultValue={values?.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
      </div>
      <FormField field="topic" label="Topic" error={errors.topic}>
        {(describedBy) => (
          <select
            id={fieldId("topic")}
            name="topic"
            required
            defaultValue={values?.topic ?? ""}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy}
            className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-200 aria-invalid:border-danger"
          >
            <option value="" disabled>
              Choose a topic
            </option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {topic}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        field="message"
        label="Message"
        hint={`Between ${CONTACT_LIMITS.messageMin} and ${CONTACT_LIMITS.messageMax} characters. For a booking, include the advisor's name and the session date.`}
        error={errors.message}
        counter={
          <span
            aria-hidden="true"
            className={cn(
              "shrink-0 text-xs tabular-nums",
              messageLength > CONTACT_LIMITS.messageMax ? "font-medium text-danger" : "text-muted",
            )}
          >
            {messageLength} / {CONTACT_LIMITS.messageMax}
          </span>
        }
      >
        {(describedBy) => (
          <Textarea
            id={fieldId("message")}
            name="message"
            rows={6}
            required
            defaultValue={values?.message}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy}
            className="min-h-36 resize-y"
          />
        )}
      </FormField>
      {/* Honeypot: hidden from people and assistive technology; bots tend to fill it in. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor={`${ID}-${CONTACT_HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${ID}-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
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

function FormField({
  field,
  label,
  hint,
  error,
  counter,
  children,
}: {
  field: ContactField;
  label: string;
  hint?: string;
  error?: string;
  counter?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const id = fieldId(field);
  const describedBy = [error ? `${id}-error` : "", hint ? `${id}-hint` : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children(describedBy || undefined)}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
      {hint || counter ? (
        <div className="flex items-start justify-between gap-3">
          {hint ? (
            <p id={`${id}-hint`} className="text-xs text-muted">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counter}
        </div>
      ) : null}
    </div>
  );
}

function focusFirstInvalid(form: HTMLFormElement, errors: ContactFieldErrors) {
  const first = CONTACT_FIELDS.find((field) => errors[field]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

function ContactSuccess({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Move focus to the confirmation, keeping it clear of the sticky header.
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "nearest" });
    toast.success("Message sent", {
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
