import { Link } from "react-router";
import { type PurchaseListItem, PurchaseSummary } from "./purchase-summary";

/** The dashboard's packages in use, with their sessions left and expiry; nothing when none. */
export function ActivePackages({
  packages,
  side,
  zone,
}: {
  packages: PurchaseListItem[];
  side: "seeker" | "advisor";
  zone: string;
}) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="active-packages" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="active-packages" className="text-xl font-semibold">
          {side === "seeker" ? "Your packages" : "Packages in use"}
        </h2>
        <Link to="/packages" className="text-sm text-brand-700 underline">
          All packages
        </Link>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {packages.slice(0, 4).map((p) => (
          <PurchaseSummary key={p.id} purchase={p} side={side} zone={zone} />
        ))}
      </ul>
    </section>
  );
}
