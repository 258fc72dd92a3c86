import { useEffect, useState } from "react";
import type { AdvisorSlots, SessionDuration } from "../../../core/slots";
import { dateInZone } from "../../../core/time-zones";
import type { SlotChoice } from "./date-time-step";

/** The time the URL names, in the zone and for the duration it is to be shown in. */
export type WantedTime = { time: string; zone: string; duration: SessionDuration };

/**
 * A time from the URL is shown only once the slots API still offers it (a link may be old).
 * Until then `verifying` holds; a time no longer offered (or not answerable now) is handed to
 * `onGone` with its date, and whether the API answered, so the flow can choose again.
 */
export function useVerifiedTime({
  advisorId,
  wanted,
  hydrated,
  initial,
  onGone,
}: {
  advisorId: string;
  wanted: WantedTime | null;
  hydrated: boolean;
  initial: SlotChoice | null;
  onGone: (date: string, answered: boolean) => void;
}) {
  const [verified, setVerified] = useState<SlotChoice | null>(initial);
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
    fetch(`/api/advisors/${encodeURIComponent(advisorId)}/slots?${query}`, {
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
        onGone(date, Boolean(slots));
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by what is checked
  }, [wanted?.time, wanted?.zone, wanted?.duration, verifying]);
  return { choice, verifying, setVerified };
}
