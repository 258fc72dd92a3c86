import { CreditCard, FlaskConical } from "lucide-react";
import { useState } from "react";
import { formatInr } from "../../../core/format";
import { Button } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { type CheckoutHandlers, type PaymentSuccess, postJson } from "./checkout";

export type TestCheckoutOrder = { orderId: string; amount: number; description: string };

/**
 * The built-in test checkout, shown instead of Razorpay's when no keys are set: it pays
 * (the server signs the payment the way Razorpay does), fails, or is closed.
 */
export function TestCheckoutDialog({
  order,
  handlers,
}: {
  order: TestCheckoutOrder | null;
  handlers: CheckoutHandlers;
}) {
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    if (!order) return;
    setBusy(true);
    try {
      handlers.onSuccess(
        await postJson<PaymentSuccess>("/api/test-checkout", { orderId: order.orderId }),
      );
    } catch (error) {
      handlers.onFailure(error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={order !== null}
      onOpenChange={(open) => {
        if (!open && !busy) handlers.onDismiss();
      }}
    >
      {order ? (
        <DialogContent
          title="Test checkout"
          description="No payment provider is configured, so this built-in checkout plays its part. No money moves."
        >
          <div className="grid gap-4">
            <div className="flex items-center gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
              Test mode
            </div>
            <dl className="grid gap-1 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted">For</dt>
                <dd className="text-right">{order.description}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Order</dt>
                <dd className="font-mono text-xs break-all">{order.orderId}</dd>
              </div>
              <div className="flex justify-between gap-4 text-base font-semibold">
                <dt>Amount</dt>
                <dd>{formatInr(order.amount / 100)}</dd>
              </div>
            </dl>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => handlers.onFailure("The test checkout declined this payment.")}
              >
                Simulate failure
              </Button>
              <Button disabled={busy} onClick={() => void pay()}>
                <CreditCard aria-hidden="true" /> Pay {formatInr(order.amount / 100)}
              </Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
