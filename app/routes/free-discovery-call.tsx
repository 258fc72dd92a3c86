import { LoaderCircle, PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { DISCOVERY_MINUTES, discoveryRequestSchema } from "../../core/booking";
import { ADDITIONAL_INFO_MAX } from "../../core/booking-limits";
import { bookingTerms } from "../../core/booking-terms";
import { validateForm } from "../../core/form";
import { BOOKING_MESSAGES as M } from "../../core/messages/booking";
import { Fact, SessionTimes } from "../components/booking/booking-facts";
import { BookingTermsBox } from "../components/booking/booking-terms-box";
import { postJson } from "../components/booking/checkout";
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
import { useViewer } from "../lib/viewer";
import type { Route } from "./+types/free-discovery-call";
import { type CacheHandle, PAGE, STATIC } from "../../core/cache-contract";

export const meta = () => [
  { title: "Book Free Discovery Call | BeenThere" },
  {
    name: "description",
    content: "A free 15-minute call with the BeenThere team to find the right advisor for you.",
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export function loader({ context }: Route.LoaderArgs) {
  return { teamAdvisorId: context.config.discoveryAdvisorId };
}

const STEPS = ["Pick a time", "Your question", "Confirm"] as const;

/** Step 2's form: the question, under the booking schema's rules. */
const questionSchema = discoveryRequestSchema.pick({ adviceSought: true });

/** Three steps: a time with the team, what advice is sought, then a summary to book. */
export default function FreeDiscoveryCall({ loaderData }: Route.ComponentProps) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [values, setValues] = useState({ adviceSought: "" });
  const advice = values.adviceSought;
  // What the summary step found wrong with the question (the form shows it beside the field).
  const [refused, setRefused] = useState<FormFailure<typeof questionSchema> | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useZodForm(questionSchema, {
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
        <Card className="grid gap-5 p-4 sm:p-8">
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
          {step === 1 ? (
            <DateTimeStep
              advisorId={loaderData.teamAdvisorId}
              duration={DISCOVERY_MINUTES}
              initial={
                choice ? { zone: choice.viewerTimeZone, date: choice.date, slot: choice } : null
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
                <Fact label="Session type">Free Discovery Call</Fact>
                <Fact label="Duration">{DISCOVERY_MINUTES} minutes</Fact>
                <SessionTimes
                  datetime={new Date(choice.start)}
                  seekerTimezone={choice.viewerTimeZone}
                  advisorTimezone={choice.advisorTimeZone}
                />
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
