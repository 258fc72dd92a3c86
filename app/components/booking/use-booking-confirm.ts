import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { SessionOption } from "../../../core/booking";
import { type BookingUrlState, dropTime } from "../../../core/booking-url-state";
import type { SummaryStepValues } from "../../../core/forms/booking-steps";
import { fullName } from "../../../core/format";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { useViewer } from "../../lib/viewer";
import { toast } from "../ui/toaster";
import { saveBookingNotes } from "./booking-notes";
import { ApiError, type PaymentOrder, postJson } from "./checkout";
import type { SlotChoice } from "./date-time-step";
import { useCheckout } from "./use-checkout";

/**
 * The summary's Confirm: a visitor signs in first (coming back to this very step); a seeker's
 * booking is created and, unless free, paid through checkout. The server's refusals are kept
 * with the entry they belong to: the acknowledgement's beside its box, a lost time on the
 * date-time step it sends the person back to.
 */
export function useBookingConfirm({
  advisor,
  testCheckout,
  option,
  choice,
  topics,
  notes,
  state,
  go,
  searchOf,
}: {
  advisor: { id: string; name: string };
  testCheckout: boolean;
  option: SessionOption | null;
  choice: SlotChoice | null;
  topics: string[];
  notes: string;
  state: BookingUrlState;
  go: (next: BookingUrlState, how: "push" | "replace") => void;
  searchOf: (next: BookingUrlState) => string;
}) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  /** The server's refusal of the chosen time, shown on the entry it sends the person to. */
  const [refusal, setRefusal] = useState<{ message: string; search: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Moves when a hold is released: the date-time step reads its times again.
  const [released, setReleased] = useState(0);
  /** The server's refusal of the summary's acknowledgement, on the entry it was given on. */
  const [ackRefusal, setAckRefusal] = useState<{
    search: string;
    result: { fieldErrors: Partial<Record<keyof SummaryStepValues, string>> };
  } | null>(null);

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
    active: state.step === 4,
  });

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
        additionalInfo: notes,
        sessionType: option.type,
        duration: option.duration,
        datetime: choice.start,
        seekerTimezone: choice.viewerTimeZone,
        noRefundAcknowledged,
        packagePurchaseId: option.packageUse?.purchaseId,
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

  return {
    confirm,
    busy,
    /** Changes each time checkout gives a hold back. */
    released,
    // Gone once the person moves on (another date, another step, Back).
    refused: refusal?.search === location.search ? refusal.message : null,
    ackResult: ackRefusal?.search === location.search ? ackRefusal.result : null,
    dialog: checkout.dialog,
  };
}
