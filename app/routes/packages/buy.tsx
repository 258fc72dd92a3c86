import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { data, Link, useLocation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { advisorDisplayName, formatPaise, fullName } from "../../../core/format";
import { isUuid } from "../../../core/ids";
import { PURCHASE_MESSAGES as M } from "../../../core/messages/package-purchases";
import { packagePrice, packageSaving } from "../../../core/packages";
import { getViewer } from "../../../server/auth/session.server";
import { packageForSale } from "../../../server/packages/purchases.server";
import { ApiError, postJson } from "../../components/booking/checkout";
import { PriceBreakdown } from "../../components/booking/booking-facts";
import { useCheckout } from "../../components/booking/use-checkout";
import { BackLink } from "../../components/ui/back-link";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/toaster";
import { useHydrated } from "../../lib/hydrated";
import { useViewer } from "../../lib/viewer";
import type { Route } from "./+types/buy";

export const meta = () => [{ title: "Buy a package | BeenThere" }];

export const handle: CacheHandle = { cache: NOT_KEPT };

/** What the package holds and costs, before anyone pays: the price is the server's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const advisor = isUuid(params.id) ? await context.directory.findApproved(params.id) : null;
  const offer =
    advisor && isUuid(params.packageId)
      ? await packageForSale(context.db, advisor.id, params.packageId)
      : null;
  if (!advisor || !offer) throw data(null, { status: 404 });
  const viewer = await getViewer(request, context);
  const price = packagePrice(offer.priceInr);
  const saving = packageSaving({
    priceInr: offer.priceInr,
    sessions: offer.sessions,
    duration: offer.duration as 15 | 30,
    hourlyRateInr: advisor.hourlyRateInr,
  });
  return {
    advisor: { id: advisor.id, name: advisorDisplayName(advisor) },
    offer: { ...offer, advisorUserId: undefined },
    price,
    saving,
    isOwn: viewer !== null && viewer.userId === offer.advisorUserId,
    testCheckout: context.publicConfig.testCheckout,
  };
}

export default function BuyPackage({ loaderData }: Route.ComponentProps) {
  const { advisor, offer, price, saving, isOwn, testCheckout } = loaderData;
  const viewer = useViewer();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  // Paying opens a checkout, which needs the page's scripts.
  const hydrated = useHydrated();
  const checkout = useCheckout({
    testCheckout,
    seeker: {
      name: viewer ? fullName(viewer.firstName, viewer.lastName) : "",
      email: viewer?.email ?? "",
    },
    onAbandoned: () => setBusy(false),
    active: true,
  });
  const buy = async () => {
    setBusy(true);
    try {
      const order = await postJson<{
        purchaseId: string;
        paymentId: string;
        orderId: string;
        keyId: string;
        amount: number;
        free: boolean;
      }>(`/api/advisors/${advisor.id}/packages/${offer.id}/orders`, {});
      await checkout.pay(
        order,
        `${offer.name} with ${advisor.name}`,
        `/packages/${order.purchaseId}`,
      );
    } catch (error) {
      setBusy(false);
      toast.error(M.orderFailed, {
        description: error instanceof ApiError ? error.message : undefined,
      });
    }
  };
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={`/advisor/${advisor.id}`}>Back to {advisor.name}</BackLink>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{offer.name}</h1>
        <p className="wrap-anywhere text-muted">A package with {advisor.name}</p>
      </header>
      <Card className="grid gap-4 p-6">
        <ul className="grid list-disc gap-1 pl-5 text-sm">
          <li>
            {offer.sessions} sessions of {offer.duration} minutes, each booked when it suits you
          </li>
          <li>Use within {offer.validityDays} days of purchase</li>
          {saving.percent > 0 ? (
            <li>
              {formatPaise(saving.oneByOnePaise)} for the same sessions one by one: you save{" "}
              {saving.percent}%
            </li>
          ) : null}
        </ul>
        <div className="rounded-lg bg-slate-50 p-4">
          <PriceBreakdown
            fee={price.feePaise}
            gst={price.gstPaise}
            total={price.totalPaise}
            feeLabel="Package price"
          />
        </div>
        <ul className="grid list-disc gap-1 pl-5 text-xs text-muted">
          {M.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        {isOwn ? (
          <p className="text-sm text-muted">{M.ownPackage}</p>
        ) : viewer ? (
          <Button
            size="lg"
            className="justify-self-start"
            disabled={busy || !hydrated}
            onClick={buy}
          >
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            Pay {formatPaise(price.totalPaise)}
          </Button>
        ) : (
          <Button asChild size="lg" className="justify-self-start">
            <Link to={`/auth?redirect=${encodeURIComponent(location.pathname)}`}>
              Sign in to buy
            </Link>
          </Button>
        )}
      </Card>
      {checkout.dialog}
    </div>
  );
}
