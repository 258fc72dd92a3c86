import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { SessionOption } from "../../../core/booking";
import {
  type BookingStep,
  type BookingUrlState,
  dropTime,
  type ServerBookingStep,
  skipsSessionStep,
} from "../../../core/booking-url-state";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { guessTimeZone } from "../../../core/time-zones";
import { toast } from "../ui/toaster";
import { saveBookingNotes, useBookingNotes } from "./booking-notes";
import { BookingNotices, BookingProgress, StepLoading } from "./booking-progress";
import { type PlainTarget, PlainDateTimeStep, PlainSummary } from "./plain-steps";
import { SessionStep } from "./session-step";
import { TopicsStep } from "./topics-step";
import { useBookingConfirm } from "./use-booking-confirm";
import { useBookingUrl } from "./use-booking-url";
import { useBrowserTimeZone } from "./use-json";
import { useViewer } from "../../lib/viewer";
import { useVerifiedTime } from "./use-verified-time";

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
 * The four booking steps on an advisor's profile. The step and every short choice live in the
 * URL (ADR 72, useBookingUrl), so a reload, Back and Forward keep them and a link opens the
 * same step; the additional information stays in the tab's session storage (useBookingNotes).
 * Everything chosen here is a request: the server re-checks the advisor, the option, the time
 * and the price on payment (useBookingConfirm).
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
  const { hydrated, params, location, state, step, notices, setNotices, go, back, searchOf } =
    useBookingUrl({ topicCount: advisor.topics.length, options, initial });
  const [info, setInfo] = useBookingNotes({
    advisorId: advisor.id,
    initial: initial.notes,
    hydrated,
    params,
  });
  // A plain submit without a topic, as the server found it (a stable object: shown once).
  const [topicsRefusal] = useState(() =>
    initial.topicsMissing ? { fieldErrors: { topics: M.topicsRequired } } : null,
  );
  const option = options.find((o) => o.key === state.option) ?? null;
  // One option (a first session's First Call) is no choice: its step is skipped (ADR 82).
  const skipSession = skipsSessionStep(options.map((o) => o.key));
  // The chosen topics as clicked, ahead of the URL: a second click before the URL has moved
  // (two quick clicks) must see the first. The URL wins whenever it changes (Back, a link).
  const urlTopics = state.topics.join(".");
  const [chosen, setChosen] = useState({ url: urlTopics, indexes: state.topics });
  if (chosen.url !== urlTopics) setChosen({ url: urlTopics, indexes: state.topics });
  const topics = chosen.indexes.map((i) => advisor.topics[i]!);
  const browserZone = useBrowserTimeZone();
  const storedZone = useViewer()?.timeZone;
  // The person's own zone (settings) wins over the browser's.
  const zone = hydrated
    ? (state.zone ?? (browserZone ? guessTimeZone({ stored: storedZone, browserZone }) : null))
    : initial.zone;
  const top = useStepTop(step);

  const { choice, verifying, setVerified } = useVerifiedTime({
    advisorId: advisor.id,
    wanted:
      step >= 3 && state.time && option && zone
        ? { time: state.time, zone, duration: option.duration }
        : null,
    hydrated,
    initial: initial.choice,
    onGone: (date, answered) => {
      // Not offered any more (or not answerable now): choose again at the date-time step.
      if (answered) setNotices((shown) => [...new Set([...shown, "time" as const])]);
      go(dropTime({ ...state, date }), "replace");
    },
  });

  const { confirm, busy, released, refused, ackResult, dialog } = useBookingConfirm({
    advisor,
    testCheckout,
    option,
    choice,
    topics,
    notes: info,
    state,
    go,
    searchOf,
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

  // Where the plain forms go (before hydration; afterwards their fields are never read).
  const target: PlainTarget = { path: location.pathname, notes: hydrated ? "" : info };
  const optionAfterTopics = state.option ?? options[0]?.key ?? null;
  const backFromTime: BookingUrlState = { ...state, step: skipSession ? 1 : 2 };

  return (
    <div ref={top} className="grid scroll-mt-24 gap-5">
      <BookingProgress step={step} skipSession={skipSession} />
      <BookingNotices refused={refused} notices={notices} />
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
            result={ackResult}
            onBack={() => back(3)}
            onConfirm={(values) => void confirm(values)}
          />
        </Suspense>
      ) : null}
      {dialog}
    </div>
  );
}

/**
 * A new step starts clean (the last step's toasts go); on a phone it can start above the
 * screen: the returned box's top is brought into view.
 */
function useStepTop(step: BookingStep) {
  const top = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    toast.dismiss();
    const box = top.current?.getBoundingClientRect();
    if (box && box.top < 0) top.current?.scrollIntoView({ block: "start" });
  }, [step]);
  return top;
}
