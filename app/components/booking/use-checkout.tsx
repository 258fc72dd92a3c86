import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { BOOKING_MESSAGES as M } from "../../../core/messages/booking";
import { toast } from "../ui/toaster";
import {
  type CheckoutHandlers,
  openRazorpayCheckout,
  type PaymentOrder,
  releaseHold,
  verifyPayment,
} from "./checkout";
import type { TestCheckoutOrder } from "./test-checkout-dialog";

/** The test checkout's dialog loads when a payment first opens it. */
const TestCheckoutDialog = lazy(() =>
  import("./test-checkout-dialog").then((m) => ({ default: m.TestCheckoutDialog })),
);

/**
 * Takes a created order through checkout: Razorpay's (script loaded on demand) or the
 * built-in test checkout, then verification and the confirmation page. Dismissal and failure
 * release the hold at once, and so does leaving the step (Back, a link) or the page (a closed
 * tab) while checkout is open; each outcome has its own toast.
 */
export function useCheckout(options: {
  testCheckout: boolean;
  seeker: { name: string; email: string };
  /** Called when checkout ends without a confirmed booking (time offered again). */
  onAbandoned: () => void;
  /** Whether the step that pays is shown; leaving it (Back, a link) abandons checkout. */
  active: boolean;
}) {
  const navigate = useNavigate();
  const [testOrder, setTestOrder] = useState<TestCheckoutOrder | null>(null);
  // The payment whose checkout is open: its hold goes if the seeker leaves before an outcome.
  const open = useRef<string | null>(null);
  useEffect(() => {
    const leave = () => {
      if (open.current) void releaseHold(open.current, "dismissed");
      open.current = null;
    };
    window.addEventListener("pagehide", leave);
    return () => {
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, []);
  useEffect(() => {
    if (options.active || !open.current) return;
    const left = releaseHold(open.current, "dismissed");
    open.current = null;
    setTestOrder(null);
    // Once released, so the times the step now shows include the one let go.
    void left.then(options.onAbandoned);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of step abandons
  }, [options.active]);

  const handlersFor = (order: PaymentOrder, paidUrl?: string): CheckoutHandlers => ({
    onSuccess: (fields) => {
      open.current = null;
      setTestOrder(null);
      verifyPayment(fields).then(
        (result) => {
          // A package's page says what became of it, refunded or not.
          if (paidUrl) {
            void navigate(paidUrl);
            return;
          }
          if (result.settlement === "refunded") {
            toast.error(M.lateRefundTitle, { description: M.lateRefund });
            options.onAbandoned();
            return;
          }
          void navigate(`/booking-confirmed?payment_id=${result.paymentId}`);
        },
        () => {
          toast.error(M.verificationFailedTitle, { description: M.verificationFailed });
          options.onAbandoned();
        },
      );
    },
    onDismiss: () => {
      open.current = null;
      setTestOrder(null);
      void releaseHold(order.paymentId, "dismissed");
      toast(M.cancelledTitle, { description: M.cancelled });
      options.onAbandoned();
    },
    onFailure: (description) => {
      open.current = null;
      setTestOrder(null);
      void releaseHold(order.paymentId, "failed");
      toast.error(M.paymentFailedTitle, { description: description || M.paymentFailedFallback });
      options.onAbandoned();
    },
  });
  const [handlers, setHandlers] = useState<CheckoutHandlers | null>(null);

  /** `paidUrl`: where a verified payment goes (a package's page), else the booking's. */
  const pay = async (
    order: PaymentOrder & { orderId: string },
    description: string,
    paidUrl?: string,
  ) => {
    const next = handlersFor(order, paidUrl);
    open.current = order.paymentId;
    if (options.testCheckout) {
      setHandlers(next);
      setTestOrder({ orderId: order.orderId, amount: order.amount, description });
      return;
    }
    try {
      await openRazorpayCheckout(order, options.seeker, description, next);
    } catch {
      open.current = null;
      void releaseHold(order.paymentId, "dismissed");
      toast.error(M.gatewayLoadFailed);
      options.onAbandoned();
    }
  };

  const dialog =
    options.testCheckout && handlers ? (
      <Suspense fallback={null}>
        <TestCheckoutDialog order={testOrder} handlers={handlers} />
      </Suspense>
    ) : null;
  return { pay, dialog };
}
