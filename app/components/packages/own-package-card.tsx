import { Form, Link } from "react-router";
import { PACKAGE_MESSAGES as M } from "../../../core/messages/packages";
import type { PackageRowView } from "../../../core/package-offers";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";

/** One of the advisor's own packages: what it sells, its price beside one by one, its actions. */
export function OwnPackageCard({
  offer,
  canChange,
}: {
  offer: PackageRowView;
  canChange: boolean;
}) {
  const onSale = offer.status === "active";
  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="own-package">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-lg font-semibold">{offer.name}</h3>
        <Badge tone={offer.hidden ? "danger" : onSale ? "brand" : "neutral"}>
          {offer.hidden ? M.statusLabels.hidden : M.statusLabels[offer.status]}
        </Badge>
      </div>
      {offer.description ? (
        <p className="text-sm whitespace-pre-line text-muted">{offer.description}</p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Sessions</dt>
        <dd>{offer.shape}</dd>
        <dt className="text-muted">Validity</dt>
        <dd>{offer.validity}</dd>
        <dt className="text-muted">Price</dt>
        <dd className="font-semibold">{offer.total}</dd>
        <dt className="text-muted">Compared</dt>
        <dd>{offer.comparison}</dd>
      </dl>
      {offer.hidden ? <p className="text-sm text-red-900">{M.hiddenNote}</p> : null}
      {canChange ? (
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/dashboard/packages?edit=${offer.id}#package-form`}
              aria-label={`${M.edit} ${offer.name}`}
            >
              {M.edit}
            </Link>
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value={onSale ? "withdraw" : "offer"} />
            <input type="hidden" name="packageId" value={offer.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              aria-label={`${onSale ? M.withdraw : M.offerAgain} ${offer.name}`}
            >
              {onSale ? M.withdraw : M.offerAgain}
            </Button>
          </Form>
        </div>
      ) : null}
    </Card>
  );
}
