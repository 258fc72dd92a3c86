import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import type { SessionOption } from "../../../core/booking";
import {
  type BookingStep,
  type BookingUrlState,
  type DroppedChoice,
  type ParsedBookingUrl,
  readBookingUrl,
  type ServerBookingStep,
  settleBooking,
  writeBookingUrl,
} from "../../../core/booking-url-state";
import { useHydrated } from "../../lib/hydrated";

/** The history entry a step change pushes remembers the step it left (for the Back buttons). */
type StepEntry = { bookingStep?: BookingStep } | null;

/**
 * The booking flow's state in the URL (ADR 72): the step and every short choice, settled
 * against the advisor's topics and options. Until hydration it is the server's render of the
 * URL (`initial`, ADR 85); from then on the browser reads the URL itself. A link's choices that
 * could not be kept become notices, and the URL is put right.
 */
export function useBookingUrl({
  topicCount,
  options,
  initial,
}: {
  topicCount: number;
  options: SessionOption[];
  initial: ServerBookingStep;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const optionKeys = options.map((o) => o.key).join("|");
  const settled: ParsedBookingUrl = useMemo(
    () =>
      hydrated
        ? settleBooking(readBookingUrl(params), {
            topicCount,
            optionKeys: optionKeys.split("|"),
          })
        : { state: initial.state, dropped: initial.dropped },
    [hydrated, params, topicCount, optionKeys, initial],
  );
  const state = settled.state;
  const step = state.step;
  const [notices, setNotices] = useState<DroppedChoice[]>(initial.dropped);

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

  return { hydrated, params, location, state, step, notices, setNotices, go, back, searchOf };
}
