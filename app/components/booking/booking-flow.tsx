import { AlertCircle, LoaderCircle } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { SessionOption } from "../../../core/booking";
import {
  BOOKING_PARAMS,
  type BookingStep,
  type BookingUrlState,
  type DroppedChoice,
  dropTime,
  type ParsedBookingUrl,
  readBookingUrl,
  readNotesParam,
  type ServerBookingStep,
  settleBooking,
  skipsSessionStep,
  writeBookingUrl,
} from "../../../core/booking-url-state";
import type { SummaryStepValues } from "../../../core/forms/booking-steps";
import { fullName } from "../../../core/format";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import type { AdvisorSlots } from "../../../core/slots";
import { dateInZone, guessTimeZone } from "../../../core/time-zones";
import { cn } from "../../lib/cn";
import { useHydrated } from "../../lib/hydrated";
import { useViewer } from "../../lib/viewer";
import { toast } from "../ui/toaster";
import { readBookingNotes, saveBookingNotes } from "./booking-notes";
import { ApiError, type PaymentOrder, postJson } from "./checkout";
import type { SlotChoice } from "./date-time-step";
import { type PlainTarget, PlainDateTimeStep, PlainSummary } from "./plain-steps";
import { SessionStep } from "./session-step";
import { TopicsStep } from "./topics-step";
import { useBrowserTimeZone } from "./use-json";
import { useCheckout } from "./use-checkout";

const STEPS = [
  { step: 1, label: "Topics" },
  { step: 2, label: "Session" },
  { step: 3, label: "Date & time" },
  { step: 4, label: "Summary" },
] as const satisfies readonly { step: BookingStep; label: string }[];

/** What a dropped choice of a link tells the seeker. */
const DROPPED_MESSAGES: Record<DroppedChoice, string> = {
  topics: M.linkTopicsDropped,
  option: M.linkOptionDropped,
  optionReplaced: M.linkOptionReplaced,
  zone: M.linkZoneDropped,
  time: M.timeNotOffered,
};

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

/** The history entry a step change pushes remembers the step it left (for the Back buttons). */
type StepEntry = { bookingStep?: BookingStep } | null;

/**
 * The four booking steps on an advisor's profile. The step and every short choice live in the
 * URL (ADR 72), so a reload, Back and Forward keep them and a link opens the same step; the
 * additional information stays in the tab's session storage. Everything chosen here is a
 * request: the server re-checks the advisor, the option, the time and the price on payment.
 *
 * Until the page has hydrated, the steps are what the server rendered from the URL
 * (`initial`, ADR 85): plain GET forms and links that work before (or without) the scripts.
 */
export function BookingFlow({
  advisor,
  options,
  testCheckout,
  initial,
}: {
  advisor: { id: string; name: string; topics: string[] };
  options: SessionOption[];
  testCheckout: boolean;
  initial: ServerBookingStep;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // Until hydration the flow is the server's render of the URL (ADR 85); from then on the
  // browser reads the URL itself (ADR 72).
  const hydrated = useHydrated();
  const optionKeys = options.map((o) => o.key).join("|");
  const settled: ParsedBookingUrl = useMemo(
    () =>
      hydrated
        ? settleBooking(readBookingUrl(params), {
            topicCount: advisor.topics.length,
            optionKeys: optionKeys.split("|"),
          })
        : { state: initial.state, dropped: initial.dropped },
    [hydrated, params, advisor.topics.length, optionKeys, initial],
  );
  const state = settled.state;
  const step = state.step;
  const [notices, setNotices] = useState<DroppedChoice[]>(initial.dropped);
  /** The server's refusal of the chosen time, shown on the entry it sends the person to. */
  const [refusal, setRefusal] = useState<{ message: string; search: string } | null>(null);
  const [info, setInfo] = useState(initial.notes);
  const [verified, setVerified] = useState<SlotChoice | null>(initial.choice);
  // A plain submit without a topic, as the server found it (a stable object: shown once).
  const [topicsRefusal] = useState(() =>
    initial.topicsMissing ? { fieldErrors: { topics: M.topicsRequired } } : null,
  );
  const [busy, setBusy] = useState(false);
  // Moves when a hold is released: the date-time step reads its times again.
  const [released, setReleased] = useState(0);
  /** The server's refusal of the summary's acknowledgement, on the entry it was given on. */
  const [ackRefusal, setAckRefusal] = useState<{
    search: string;
    result: { fieldErrors: Partial<Record<keyof SummaryStepValues, string>> };
  } | null>(null);
  const option = options.find((o) => o.key === state.option) ?? null;
  // One option (a first session's First Call) is no choice: its step is skipped (ADR 82).
  const skipSession = skipsSessionStep(options.map((o) => o.key));
  const steps = STEPS.filter((s) => !(skipSession && s.step === 2));
  // The chosen topics as clicked, ahead of the URL: a second click before the URL has moved
  // (two quick clicks) must see the first. The URL wins whenever it changes (Back, a link).
  const urlTopics = state.topics.join(".");
  const [chosen, setChosen] = useState({ url: urlTopics, indexes: state.topics });
  if (chosen.url !== urlTopics) setChosen({ url: urlTopics, indexes: state.topics });
  const topics = chosen.indexes.map((i) => advisor.topics[i]!);
  const browserZone = useBrowserTimeZone();
  const zone = hydrated
    ? (state.zone ?? (browserZone ? guessTimeZone({ browserZone }) : null))
    : initial.zone;
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // The step change last pushed, until the URL moves: a second click on Continue before the
  // first lands (a double click, a slow phone) must not push the same step twice.
  const pushed = useRef<string | null>(null);
  useEffect(() => {
    pushed.current = null;
  }, [location.key]);

  /** A step change is a history entry of its own; an edit within a step replaces the entry. */
  const searchOf = (next: BookingUrlState) => {
    const search = writeBookingUrl(params, next).toString();
    return search ? `?${search}` : "";
  };
  const go = (next: BookingUrlState, how: "push" | "replace") => {
    const target = searchOf(next);
    if (how === "push") {
      if (target === pushed.current || target === location.search) return;
      pushed.current = target;
      setNotices([]);
    }
    void navigate(
      { search: target },
      {
        replace: how === "replace",
        preventScrollReset: true,
        state: how === "push" ? { bookingStep: step } : location.state,
      },
    );
  };
  /** Back one step: through history when the last step change came from there, else a new entry. */
  const back = (to: BookingStep) => {
    if ((location.state as StepEntry)?.bookingStep === to) void navigate(-1);
    else go({ ...state, step: to }, "push");
  };

  // A link's choices that could not be kept are said once, and the URL is put right (replaced).
  useEffect(() => {
    if (!hydrated) return;
    // The messages belong to this URL, which is then replaced by the settled one.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (settled.dropped.length > 0) setNotices(settled.dropped);
    if (writeBookingUrl(params, settled.state).toString() !== params.toString()) {
      go(settled.state, "replace");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `go` is rebuilt every render
  }, [hydrated, settled]);

  // The notes come back with a flow in progress (reload, Back, signing in), not on a bare visit.
  // Notes a plain form sent (before hydration, ADR 85) go into session storage; the URL is
  // then replaced without them (above).
  useEffect(() => {
    if (!hydrated) return;
    const sent = readNotesParam(params);
    if (sent) saveBookingNotes(advisor.id, sent);
    if (!sent && !BOOKING_PARAMS.some((name) => params.has(name))) return;
    // Session storage exists only in the browser, so it is read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setInfo(sent || readBookingNotes(advisor.id));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per advisor, not per edit
  }, [hydrated, advisor.id]);

  // A new step starts clean (the last step's toasts go); on a phone it can start above the
  // screen: bring its top into view.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    toast.dismiss();
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView({ block: "start" });
  }, [step]);

  // A time from the URL is shown only once the slots API still offers it (a link may be old).
  const wanted =
    step >= 3 && state.time && option && zone
      ? { time: state.time, zone, duration: option.duration }
      : null;
  const choice =
    wanted &&
    verified?.start === wanted.time &&
    verified.viewerTimeZone === wanted.zone &&
    verified.duration === wanted.duration
      ? verified
      : null;
  const verifying = hydrated && wanted !== null && choice === null;
  useEffect(() => {
    if (!wanted || !verifying) return;
    const controller = new AbortController();
    const date = dateInZone(wanted.time, wanted.zone);
    const query = new URLSearchParams({
      date,
      tz: wanted.zone,
      duration: String(wanted.duration),
    });
    fetch(`/api/advisors/${encodeURIComponent(advisor.id)}/slots?${query}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<AdvisorSlots>) : null))
      .catch(() => null)
      .then((slots) => {
        if (controller.signal.aborted) return;
        const slot = slots?.slots.find((s) => Date.parse(s.start) === Date.parse(wanted.time));
        if (slots && slot) {
          setVerified({
            ...slot,
            date,
            duration: wanted.duration,
            viewerTimeZone: wanted.zone,
            advisorTimeZone: slots.advisorTimeZone,
          });
          return;
        }
        // Not offered any more (or not answerable now): choose again at the date-time step.
        if (slots) setNotices((shown) => [...new Set([...shown, "time" as const])]);
        go(dropTime({ ...state, date }), "replace");
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by what is checked
  }, [wanted?.time, wanted?.zone, wanted?.duration, verifying]);

  const checkout = useCheckout({
    testCheckout,
    seeker: {
      name: viewer ? fullName(viewer.firstName, viewer.lastName) : "",
      email: viewer?.email ?? "",
    },
    onAbandoned: () => {
      setBusy(false);
      setReleased((n) => n + 1);
    },
    active: step === 4,
  });

  const continueFromTopics = () => {
    void loadDateTimeStep();
    void loadBookingSummary();
    const optionKey = state.option ?? options[0]?.key ?? null;
    go({ ...state, topics: chosen.indexes, step: skipSession ? 3 : 2, option: optionKey }, "push");
  };
  const topicsValues = { topics, additionalInfo: info };
  const setTopicsValues = (update: (current: typeof topicsValues) => typeof topicsValues) => {
    const next = update(topicsValues);
    if (next.additionalInfo !== info) {
      setInfo(next.additionalInfo);
      saveBookingNotes(advisor.id, next.additionalInfo);
    }
    if (next.topics !== topics) {
      // As indexes of the advisor's topics in the URL, in the order chosen.
      const indexes = next.topics.map((t) => advisor.topics.indexOf(t));
      setChosen({ url: urlTopics, indexes });
      go({ ...state, topics: indexes }, "replace");
    }
  };

  const confirm = async ({ noRefundAcknowledged }: SummaryStepValues) => {
    if (!option || !choice) return;
    if (!viewer) {
      // The URL is the booking chosen so far, the notes wait in session storage: signing in
      // comes back to this very step.
      const here = `${location.pathname}${location.search}`;
      void navigate(`/auth?redirect=${encodeURIComponent(here)}`);
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
        noRefundAcknowledged,
      });
      // The booking holds the notes now.
      saveBookingNotes(advisor.id, "");
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
      if (error instanceof ApiError && error.field === "noRefundAcknowledged") {
        // The server's clock passed the refund deadline first: the box to tick says why.
        setAckRefusal({
          search: location.search,
          result: { fieldErrors: { noRefundAcknowledged: message } },
        });
      } else if (error instanceof ApiError && error.field === "datetime") {
        // The time is gone: choose another one, with the reason on that step (not a toast,
        // which the step change would take away).
        const next = dropTime(state);
        go(next, "push");
        setRefusal({ message, search: searchOf(next) });
      } else toast.error(M.bookingFailed, { description: message });
    }
  };

  // Where the plain forms go (before hydration; afterwards their fields are never read).
  const target: PlainTarget = { path: location.pathname, notes: hydrated ? "" : info };
  const optionAfterTopics = state.option ?? options[0]?.key ?? null;
  const backFromTime: BookingUrlState = { ...state, step: skipSession ? 1 : 2 };

  // Gone once the person moves on (another date, another step, Back).
  const refused = refusal?.search === location.search ? refusal.message : null;
  const messages = [
    ...new Set([...(refused ? [refused] : []), ...notices.map((d) => DROPPED_MESSAGES[d])]),
  ];
  return (
    <div ref={top} className="grid scroll-mt-24 gap-5">
      <ol
        className={cn("grid gap-1", steps.length === 3 ? "grid-cols-3" : "grid-cols-4")}
        aria-label="Booking steps"
      >
        {steps.map(({ step: n, label }, index) => {
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
                <span className="sr-only">Step {index + 1}: </span>
                {label}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Always on the page, so a message appearing in it is read out. */}
      <div role="status" className="empty:hidden">
        {messages.length > 0 ? (
          <div
            data-testid="booking-notices"
            className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          >
            {messages.map((message) => (
              <p key={message} className="flex gap-2">
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {message}
              </p>
            ))}
          </div>
        ) : null}
      </div>
      {verifying ? (
        <StepLoading />
      ) : step === 1 ? (
        <TopicsStep
          topics={advisor.topics}
          values={topicsValues}
          setValues={setTopicsValues}
          onContinue={continueFromTopics}
          result={topicsRefusal}
          plain={{
            target,
            next: {
              ...state,
              topics: chosen.indexes,
              step: skipSession ? 3 : 2,
              option: optionAfterTopics,
            },
          }}
        />
      ) : step === 2 ? (
        <SessionStep
          options={options}
          selected={state.option}
          onSelect={(key) => {
            const next = options.find((o) => o.key === key);
            // A time chosen for another duration is offered again only if it still fits.
            const time = next?.duration === option?.duration ? state.time : null;
            go({ ...state, option: key, time }, "replace");
          }}
          onBack={() => back(1)}
          onContinue={() => go({ ...state, step: 3 }, "push")}
          plain={{
            target,
            next: { ...state, step: 3, time: null },
            back: { ...state, step: 1 },
          }}
        />
      ) : !hydrated && step === 3 && option && zone ? (
        <PlainDateTimeStep
          target={target}
          state={state}
          zone={zone}
          dates={initial.dates}
          slots={initial.slots}
          continueLabel={option.price.isFree ? "Continue" : "Continue to Payment"}
          back={backFromTime}
        />
      ) : !hydrated && step === 4 && option && initial.choice ? (
        <PlainSummary
          target={target}
          advisorName={advisor.name}
          topics={topics}
          option={option}
          choice={initial.choice}
          now={new Date(initial.at)}
          back={{ ...state, step: 3 }}
        />
      ) : step === 3 && option ? (
        <Suspense fallback={<StepLoading />}>
          <DateTimeStep
            key={`${option.key} ${released}`}
            advisorId={advisor.id}
            duration={option.duration}
            initial={
              state.zone && state.date ? { zone: state.zone, date: state.date, slot: choice } : null
            }
            continueLabel={option.price.isFree ? "Continue" : "Continue to Payment"}
            onBack={() => back(skipSession ? 1 : 2)}
            onChoice={(next) => {
              if (next) setVerified(next);
              if (next?.start === state.time) return;
              go(
                next
                  ? { ...state, zone: next.viewerTimeZone, date: next.date, time: next.start }
                  : { ...state, time: null },
                "replace",
              );
            }}
            onContinue={(next) => {
              setVerified(next);
              go(
                {
                  ...state,
                  zone: next.viewerTimeZone,
                  date: next.date,
                  time: next.start,
                  step: 4,
                },
                "push",
              );
            }}
          />
        </Suspense>
      ) : step === 4 && option && choice ? (
        <Suspense fallback={<StepLoading />}>
          <BookingSummary
            advisorName={advisor.name}
            topics={topics}
            additionalInfo={info}
            option={option}
            choice={choice}
            busy={busy}
            result={ackRefusal?.search === location.search ? ackRefusal.result : null}
            onBack={() => back(3)}
            onConfirm={(values) => void confirm(values)}
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
