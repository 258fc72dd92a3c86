import { Package } from "lucide-react";
import { Link } from "react-router";
import { PACKAGE_MESSAGES as M } from "../../../core/messages/packages";
import { offerSummary, offerTerms, type PackageOffer } from "../../../core/package-offers";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

/**
 * The advisor's packages on their profile (issue 40): each with its price incl. GST and the
 * honest saving against the same sessions one by one, and a way to buy it.
 */
export function ProfilePackages({
  advisorId,
  packages,
  hourlyRateInr,
  isOwnProfile,
}: {
  advisorId: string;
  packages: readonly PackageOffer[];
  hourlyRateInr: number;
  isOwnProfile: boolean;
}) {
  if (packages.length === 0) return null;
  return (
    <Card className="grid gap-4 p-6 sm:p-8" data-testid="profile-packages">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <Package className="size-5 text-brand-700" aria-hidden="true" />
        {M.title}
      </h2>
      <ul className="grid gap-4">
        {packages.map((offer) => (
          <li
            key={offer.id}
            className="grid gap-2 rounded-lg border border-line p-4"
            data-testid="profile-package"
          >
            <h3 className="text-lg font-semibold">{offer.name}</h3>
            {offer.description ? (
              <p className="leading-relaxed whitespace-pre-line text-muted">{offer.description}</p>
            ) : null}
            <p className="font-semibold text-ink" data-testid="package-summary">
              {offerSummary(offer, hourlyRateInr)}
            </p>
            <p className="text-sm text-muted" data-testid="package-terms">
              {offerTerms(offer)}
            </p>
            {isOwnProfile ? null : (
              <div>
                <Button asChild size="sm">
                  <Link
                    to={`/advisor/${advisorId}/packages/${offer.id}/buy`}
                    aria-label={`${M.buy}: ${offer.name}`}
                  >
                    {M.buy}
                  </Link>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
