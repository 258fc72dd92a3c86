import { AlertCircle, LoaderCircle, PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { data, redirect, useNavigate } from "react-router";
import { DISCOVERY_MINUTES } from "../../core/booking";
import { discoveryQuestionSchema, discoveryRequestSchema } from "../../core/forms/booking";
import type { ChosenSlot, DroppedChoice } from "../../core/booking-url-state";
import {
  asBookingState,
  DISCOVERY_PARAMS,
  type DiscoveryUrlState,
} from "../../core/discovery-url-state";
import { getViewer, requireViewer } from "../../server/auth/session.server";
import { createDiscoveryBooking } from "../../server/bookings/booking-service.server";
import { bookingDeps } from "../../server/bookings/context.server";
import { discoveryStepFor } from "../../server/bookings/discovery-step.server";
import { ADDITIONAL_INFO_MAX } from "../../core/booking-limits";
import { bookingTerms } from "../../core/booking-terms";
import { firstErrorPerField, validateForm } from "../../core/form";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { Fact, SessionTimes } from "../components/booking/booking-facts";
import { BookingTermsBox } from "../components/booking/booking-terms-box";
import { postJson } from "../components/booking/checkout";
import {
  BackButton,
  BackForm,
  type PlainTarget,
  PlainDateTimeStep,
  stepHref,
} from "../components/booking/plain-steps";
import { DateTimeStep, type SlotChoice } from "../components/booking/date-time-step";
import {
  savePendingDiscovery,
  takePendingDiscovery,
} from "../components/booking/pending-discovery";
import { EmployerStrip } from "../components/landing/employer-strip";
import { TestimonialsCarousel } from "../components/landing/testimonials-carousel";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { CharacterCount } from "../components/ui/character-count";
import { FormField } from "../components/ui/form-field";
import { Textarea } from "../components/ui/input";
import { toast } from "../components/ui/toaster";
import { type FormFailure, useZodForm } from "../lib/forms";
import { useHydrated } from "../lib/hydrated";
import { readForm } from "../lib/request-body";
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/free-discovery-call";
import { CALENDAR, type CacheHandle, PAGE } from "../../core/cache-contract";

export const meta = () => [
  { title: "Book Free Discovery Call | BeenThere" },
  {
    name: "description",
    content: `A free ${DISCOVERY_MINUTES}-minute call with the BeenThere team to find the right advisor for you.`,
  },
];

/**
 * The bare page shows the team's open dates (ADR 85), so it is kept as the calendar is; a URL
 * with a step's choices is rendered for whoever asks and never kept, as a profile's is.
 */
export const handle: CacheHandle = {
  cache: { ...PAGE, ...CALENDAR, personal: DISCOVERY_PARAMS },
};

/**
 * The step the URL names, for the first render (ADR 85): before hydration, or without the
 * scripts, the steps are plain forms; once hydrated the flow keeps its steps in React state.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const teamAdvisorId = context.config.discoveryAdvisorId;
  const url = new URL(request.url);
  return {
    teamAdvisorId,
    step: await discoveryStepFor(
      context.db,
      teamAdvisorId,
      url.searchParams,
      context.now(),
      (await getViewer(request, context))?.timeZone,
    ),
  };
}

/** What the plain Book answers when it cannot book: the question's error, or a message. */
type Refusal = FormFailure<typeof discoveryQuestionSchema> & { message: string | null };

/**
 * The plain path's Book (ADR 85): the question and the chosen time posted as a form, booked
 * as /api/discovery-calls books it (the same schema, service and messages); a visitor signs
 * in first and comes back to this step. Booked: the confirmation page, as the scripts go.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = { adviceSought: field("adviceSought") };
  const parsed = discoveryRequestSchema.safeParse({
    adviceSought: values.adviceSought,
    datetime: field("time"),
    seekerTimezone: field("tz"),
  });
  if (!parsed.success) {
    const errors = firstErrorPerField(parsed.error);
    const { adviceSought, ...others } = errors;
    const refusal: Refusal = {
      fieldErrors: { adviceSought },
      values,
      // The time and zone come from our own step: wrong only in a request no page of ours sent.
      message: Object.keys(others).length > 0 ? M.discoveryFailed : null,
    };
    return data(refusal, { status: 400 });
  }
  const result = await createDiscoveryBooking(bookingDeps(context), viewer.userId, parsed.data);
  if (!result.ok) {
    const onField = result.field === "adviceSought";
    const refusal: Refusal = {
      fieldErrors: onField ? { adviceSought: result.message } : {},
      values,
      message: onField ? null : result.message,
    };
    return data(refusal, { status: result.status });
  }
  return redirect(`/booking-confirmed?payment_id=${encodeURIComponent(result.paymentId)}`);
}

const PATH = "/free-discovery-call";
const PLAIN_TARGET: PlainTarget = { path: PATH, notes: "" };

/** What a dropped choice of a link tells the seeker. */
const DROPPED: Record<Extract<DroppedChoice, "zone" | "time">, string> = {
  zone: M.linkZoneDropped,
  time: M.timeNotOffered,
};

const STEPS = ["Pick a time", "Your question", "Confirm"] as const;

/** Three steps: a time with the team, what advice is sought, then a summary to book. */
export default function FreeDiscoveryCall({ loaderData, actionData }: Route.ComponentProps) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const server = loaderData.step;
  // The server's step first (the URL's, ADR 85), so hydration matches its HTML.
  const [step, setStepNow] = useState<1 | 2 | 3>(server.state.step);
  const [choice, setChoice] = useState<SlotChoice | null>(server.choice);
  const [values, setValues] = useState({ adviceSought: actionData?.values.adviceSought ?? "" });
  const advice = values.adviceSought;
  // What the summary step found wrong with the question (the form shows it beside the field).
  const [refused, setRefused] = useState<FormFailure<typeof discoveryQuestionSchema> | null>(
    actionData ?? null,
  );
  const [busy, setBusy] = useState(false);
  // What the URL held that could not be kept; gone once the person moves on.
  const [notices, setNotices] = useState(server.dropped);
  const setStep = (next: 1 | 2 | 3) => {
    setNotices([]);
    setStepNow(next);
  };
  // The plain last step's form: the server's refusal shown beside the question.
  const plainForm = useNativeQuestionForm(actionData ?? null);
  const form = useZodForm(discoveryQuestionSchema, {
    id: "discovery",
    values,
    setValues,
    result: refused,
    onValid: () => setStep(3),
  });

  useEffect(() => {
    const pending = takePendingDiscovery();
    if (!pending) return;
    // Session storage exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setChoice(pending.choice);
    setValues({ adviceSought: pending.adviceSought });
    setStep(3);
  }, []);

  const book = async () => {
    if (!choice) return;
    if (!viewer) {
      savePendingDiscovery({ choice, adviceSought: advice });
      void navigate(`/auth?redirect=${encodeURIComponent("/free-discovery-call")}`);
      return;
    }
    const parsed = validateForm(discoveryRequestSchema, {
      adviceSought: advice,
      datetime: choice.start,
      seekerTimezone: choice.viewerTimeZone,
    });
    if (!parsed.success) {
      setRefused({ fieldErrors: { adviceSought: parsed.fieldErrors.adviceSought }, values });
      return setStep(2);
    }
    setBusy(true);
    try {
      const booked = await postJson<{ paymentId: string }>("/api/discovery-calls", parsed.data);
      void navigate(`/booking-confirmed?payment_id=${booked.paymentId}`);
    } catch {
      setBusy(false);
      toast.error(M.discoveryFailedTitle, { description: M.discoveryFailed });
    }
  };

  return (
    <div className="grid gap-12 pb-12">
      <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 pt-8 sm:px-6 sm:pt-12">
        <header className="grid gap-2 text-center">
          <PhoneCall className="mx-auto size-10 text-brand-700" aria-hidden="true" />
          <h1 className="text-3xl font-bold">Book a Free Discovery Call</h1>
          <p className="text-muted">
            {DISCOVERY_MINUTES} minutes with our team to understand what you need and match you with
            the right advisor. Free, no payment needed.
          </p>
        </header>
        <Card id="booking" className="grid scroll-mt-24 gap-5 p-4 sm:p-8">
          <h2 className="sr-only">Book your call</h2>
          <ol className="grid grid-cols-3 gap-2 text-center text-xs" aria-label="Booking steps">
            {STEPS.map((label, i) => (
              <li
                key={label}
                aria-current={i + 1 === step ? "step" : undefined}
                className={i + 1 === step ? "font-semibold text-brand-800" : "text-muted"}
              >
                <span
                  aria-hidden="true"
                  className={`mb-1 block h-1.5 rounded-full ${i + 1 <= step ? "bg-brand-700" : "bg-slate-200"}`}
                />
                <span className="sr-only">Step {i + 1}: </span>
                {label}
              </li>
            ))}
          </ol>
          {notices.length > 0 ? (
            <div
              role="status"
              className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              {notices.map((dropped) => (
                <p key={dropped} className="flex gap-2">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {DROPPED[dropped]}
                </p>
              ))}
            </div>
          ) : null}
          {!hydrated && step === 1 ? (
            <PlainDateTimeStep
              target={PLAIN_TARGET}
              state={asBookingState(server.state)}
              zone={server.zone}
              dates={server.dates}
              slots={server.slots}
              continueLabel="Continue"
              back={null}
              steps={{ dates: 1, summary: 2 }}
            />
          ) : !hydrated && step === 2 && server.choice ? (
            <PlainBookStep
              state={server.state}
              choice={server.choice}
              now={new Date(server.at)}
              form={plainForm}
              message={actionData?.message ?? null}
            />
          ) : step === 1 ? (
            <DateTimeStep
              advisorId={loaderData.teamAdvisorId}
              duration={DISCOVERY_MINUTES}
              initial={
                choice
                  ? { zone: choice.viewerTimeZone, date: choice.date, slot: choice }
                  : server.state.zone && server.state.date
                    ? { zone: server.state.zone, date: server.state.date, slot: null }
                    : null
              }
              continueLabel="Continue"
              onContinue={(next) => {
                setChoice(next);
                setStep(2);
              }}
            />
          ) : step === 2 ? (
            <form className="grid gap-5" {...form.props}>
              <FormField
                form={form}
                name="adviceSought"
                label="What advice are you seeking?"
                hint="A few lines on your situation and what you'd like help with."
                aside={<CharacterCount length={advice.length} max={ADDITIONAL_INFO_MAX} />}
              >
                <Textarea />
              </FormField>
              <div className="flex justify-between gap-3 border-t border-line pt-4">
                <Button type="button" variant="outline" onClick={() => setStep(1)}>
                  Back
                </Button>
                <Button type="submit">Continue</Button>
              </div>
            </form>
          ) : choice ? (
            <div className="grid gap-5">
              <h2 className="text-lg font-semibold">Review your discovery call</h2>
              <dl className="grid gap-3">
                <DiscoveryFacts choice={choice} />
                <Fact label="Advice sought">
                  <span className="whitespace-pre-line">{advice.trim()}</span>
                </Fact>
                <Fact label="Price">Free</Fact>
              </dl>
              <BookingTermsBox
                heading="h3"
                terms={bookingTerms({
                  start: new Date(choice.start),
                  now: new Date(),
                  totalPaise: 0,
                  zone: choice.viewerTimeZone,
                })}
              />
              <div className="flex justify-between gap-3 border-t border-line pt-4">
                <Button variant="outline" onClick={() => setStep(2)} disabled={busy}>
                  Back
                </Button>
                <Button size="lg" onClick={() => void book()} disabled={busy}>
                  {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  Book Free Discovery Call
                </Button>
              </div>
            </div>
          ) : null}
        </Card>
      </div>
      <TestimonialsCarousel />
      <EmployerStrip />
    </div>
  );
}

/**
 * The last step before hydration (ADR 85): the chosen time, the question and the refund rule
 * in one POST form to this page's action, the time and zone in hidden fields (the question
 * never goes into a URL). Back is a GET form of its own, to the first step with the time kept.
 */
function PlainBookStep({
  state,
  choice,
  now,
  form,
  message,
}: {
  state: DiscoveryUrlState;
  choice: ChosenSlot;
  now: Date;
  form: ReturnType<typeof useNativeQuestionForm>;
  message: string | null;
}) {
  // This step's own URL: a refusal renders it again, a visitor signs in and comes back to it.
  const here = stepHref(PLAIN_TARGET, asBookingState({ ...state, step: 2, time: choice.start }));
  return (
    <div className="grid gap-5">
      <BackForm
        id="booking-back"
        target={PLAIN_TARGET}
        state={asBookingState({ ...state, step: 1 })}
      />
      <h2 className="text-lg font-semibold">Review your discovery call</h2>
      <form method="post" action={here} className="grid gap-5" {...form.props}>
        <input type="hidden" name="tz" value={choice.viewerTimeZone} />
        <input type="hidden" name="time" value={choice.start} />
        <dl className="grid gap-3">
          <DiscoveryFacts choice={choice} />
          <Fact label="Price">Free</Fact>
        </dl>
        <FormField
          form={form}
          name="adviceSought"
          label="What advice are you seeking?"
          hint="A few lines on your situation and what you'd like help with."
        >
          <Textarea maxLength={ADDITIONAL_INFO_MAX} />
        </FormField>
        <BookingTermsBox
          heading="h3"
          terms={bookingTerms({
            start: new Date(choice.start),
            now,
            totalPaise: 0,
            zone: choice.viewerTimeZone,
          })}
        />
        {message ? (
          <p role="alert" className="flex gap-2 text-sm font-medium text-danger">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {message}
          </p>
        ) : null}
        <div className="flex justify-between gap-3 border-t border-line pt-4">
          <BackButton form="booking-back" />
          <Button type="submit" size="lg">
            Book Free Discovery Call
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The plain step's form: native, its errors the action's. */
function useNativeQuestionForm(result: object | null) {
  return useZodForm(discoveryQuestionSchema, { id: "discovery", result });
}

/** The call's own facts on either summary (the plain form's and the hydrated step's). */
function DiscoveryFacts({
  choice,
}: {
  choice: { start: string; viewerTimeZone: string; advisorTimeZone: string };
}) {
  return (
    <>
      <Fact label="Session type">Free Discovery Call</Fact>
      <Fact label="Duration">{DISCOVERY_MINUTES} minutes</Fact>
      <SessionTimes
        datetime={new Date(choice.start)}
        seekerTimezone={choice.viewerTimeZone}
        advisorTimezone={choice.advisorTimeZone}
      />
    </>
  );
}
