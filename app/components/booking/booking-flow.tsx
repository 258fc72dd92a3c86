import { LoaderCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SessionOption } from "../../../core/booking";
import { topicsValid } from "../../../core/booking-limits";
import { fullName } from "../../../core/format";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { cn } from "../../lib/cn";
import { useViewer } from "../../lib/viewer";
import { toast } from "../ui/toaster";
import { ApiError, type PaymentOrder, postJson } from "./checkout";
import type { SlotChoice } from "./date-time-step";
import { savePendingBooking, takePendingBooking } from "./pending-booking";
import { SessionStep } from "./session-step";
import { TopicsStep } from "./topics-step";
import { useCheckout } from "./use-checkout";

const STEPS = ["Topics", "Session", "Date & time", "Summary"] as const;
type Step = 1 | 2 | 3 | 4;

/*
 * The calendar step (react-day-picker, the time-zone list, luxon) and the summary (luxon, the
 * booking rules) load when the seeker moves on from the first step, so the profile page itself
 * downloads none of it.
 */
const loadDateTimeStep = () => import("./date-time-step");
const loadBookingSummary = () => import("./booking-summary");
const DateTimeStep = lazy(() => loadDateTimeStep().then((m) => ({ default: m.DateTimeStep })));
const BookingSummary = lazy(() =>
  loadBookingSummary().then((m) => ({ default: m.BookingSummary })),
);

/**
 * The four booking steps on an advisor's profile. Everything chosen here is a request: the
 * server re-checks the advisor, the option, the time and the price when the seeker pays.
 */
export function BookingFlow({
  advisor,
  options,
  testCheckout,
}: {
  advisor: { id: string; name: string; topics: string[] };
  options: SessionOption[];
  testCheckout: boolean;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [topics, setTopics] = useState<string[]>([]);
  const [info, setInfo] = useState("");
  const [optionKey, setOptionKey] = useState<string | null>(options[0]?.key ?? null);
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const option = options.find((o) => o.key === optionKey) ?? null;
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // On a phone a new step can start above the screen: bring its top into view.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView({ block: "start" });
  }, [step]);

  // Back from signing in: the saved pending booking opens at the summary.
  useEffect(() => {
    const pending = takePendingBooking(advisor.id);
    if (!pending) return;
    // Session storage exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setTopics(pending.selectedTopics);
    setInfo(pending.additionalInfo);
    setChoice(pending.selectedDateTime);
    const kept = options.find(
      (o) =>
        o.type === pending.selectedSession.type && o.duration === pending.selectedSession.duration,
    );
    // A choice that is no longer one of the seeker's options goes back to step 2.
    setOptionKey(kept?.key ?? options[0]?.key ?? null);
    setStep(kept ? 4 : 2);
  }, [advisor.id, options]);

  const checkout = useCheckout({
    testCheckout,
    seeker: {
      name: viewer ? fullName(viewer.firstName, viewer.lastName) : "",
      email: viewer?.email ?? "",
    },
    onAbandoned: () => setBusy(false),
  });

  const continueFromTopics = () => {
    void loadDateTimeStep();
    void loadBookingSummary();
    if (!topicsValid(topics)) return setErrors({ topics: M.topicsRequired });
    setErrors({});
    setStep(2);
  };
  const continueFromSession = () => {
    if (!option) return setErrors({ session: M.sessionRequired });
    setErrors({});
    // A time chosen for another duration is offered again only if it still fits.
    if (choice && choice.duration !== option.duration) setChoice({ ...choice, start: "" });
    setStep(3);
  };

  const confirm = async () => {
    if (!option || !choice) return;
    if (!viewer) {
      savePendingBooking({
        advisorId: advisor.id,
        selectedTopics: topics,
        additionalInfo: info,
        selectedSession: { type: option.type, duration: option.duration },
        selectedDateTime: choice,
        amount: option.price.totalPaise,
        seekerTimezone: choice.viewerTimeZone,
        advisorTimezone: choice.advisorTimeZone,
      });
      void navigate(`/auth?redirect=${encodeURIComponent(`/advisor/${advisor.id}`)}`);
      return;
    }
    setBusy(true);
    try {
      const order = await postJson<PaymentOrder>("/api/bookings", {
        advisorId: advisor.id,
        topics,
        additionalInfo: info,
        sessionType: option.type,
        duration: option.duration,
        datetime: choice.start,
        seekerTimezone: choice.viewerTimeZone,
      });
      if (order.free || !order.orderId) {
        void navigate(`/booking-confirmed?payment_id=${order.paymentId}`);
        return;
      }
      await checkout.pay(
        { ...order, orderId: order.orderId },
        `${option.type}, ${option.duration} minutes with ${advisor.name}`,
      );
    } catch (error) {
      setBusy(false);
      const message = error instanceof Error ? error.message : M.bookingFailed;
      toast.error(M.bookingFailed, { description: message });
      // The time is gone: choose another one.
      if (error instanceof ApiError && error.field === "datetime") {
        setChoice({ ...choice, start: "" });
        setStep(3);
      }
    }
  };

  return (
    <div ref={top} className="grid scroll-mt-24 gap-5">
      <ol className="grid grid-cols-4 gap-1" aria-label="Booking steps">
        {STEPS.map((label, index) => {
          const n = (index + 1) as Step;
          return (
            <li
              key={label}
              aria-current={n === step ? "step" : undefined}
              className={cn(
                "grid gap-1 text-center text-xs",
                n === step ? "font-semibold text-brand-800" : "text-muted",
              )}
            >
              <span
                className={cn("h-1.5 rounded-full", n <= step ? "bg-brand-700" : "bg-slate-200")}
                aria-hidden="true"
              />
              <span>
                <span className="sr-only">Step {n}: </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
      {step === 1 ? (
        <TopicsStep
          topics={advisor.topics}
          selected={topics}
          additionalInfo={info}
          errors={errors}
          onToggle={(topic) =>
            setTopics((current) =>
              current.includes(topic) ? current.filter((t) => t !== topic) : [...current, topic],
            )
          }
          onInfo={setInfo}
          onContinue={continueFromTopics}
        />
      ) : step === 2 ? (
        <SessionStep
          options={options}
          selected={optionKey}
          error={errors.session}
          onSelect={setOptionKey}
          onBack={() => setStep(1)}
          onContinue={continueFromSession}
        />
      ) : step === 3 && option ? (
        <Suspense fallback={<StepLoading />}>
          <DateTimeStep
            key={option.key}
            advisorId={advisor.id}
            duration={option.duration}
            initial={
              choice
                ? {
                    zone: choice.viewerTimeZone,
                    date: choice.date,
                    slot: choice.start ? choice : null,
                  }
                : null
            }
            continueLabel={option.price.isFree ? "Continue" : "Continue to Payment"}
            onBack={() => setStep(2)}
            onContinue={(next) => {
              setChoice(next);
              setStep(4);
            }}
          />
        </Suspense>
      ) : step === 4 && option && choice?.start ? (
        <Suspense fallback={<StepLoading />}>
          <BookingSummary
            advisorName={advisor.name}
            topics={topics}
            additionalInfo={info}
            option={option}
            choice={choice}
            busy={busy}
            onBack={() => setStep(3)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
      {checkout.dialog}
    </div>
  );
}

/** What a step shows while its code loads (the first time it is opened). */
function StepLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-muted">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      Loading...
    </p>
  );
}
