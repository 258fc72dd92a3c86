import { AlertTriangle, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import type { BookingTerms } from "../../../core/booking-terms";
import { BOOKING_TERMS_MESSAGES as T } from "../../../core/messages/booking";
import { cn } from "../../lib/cn";

/**
 * The refund rule for this time: calm while a refund is possible, a warning when it is not.
 * `heading` is the level under the summary's own heading.
 */
export function BookingTermsBox({
  terms,
  heading: Heading = "h4",
}: {
  terms: BookingTerms;
  heading?: "h3" | "h4";
}) {
  const final = terms.kind === "final";
  const Icon = final ? AlertTriangle : ShieldCheck;
  return (
    <section
      aria-labelledby="booking-terms-title"
      data-testid="booking-terms"
      data-terms={terms.kind}
      className={cn(
        "grid gap-2 rounded-lg border p-4 text-sm",
        final ? "border-amber-300 bg-amber-50 text-amber-950" : "border-line bg-surface",
      )}
    >
      <Heading id="booking-terms-title" className="flex items-center gap-2 font-semibold">
        <Icon
          className={cn("size-4 shrink-0", final ? "text-amber-700" : "text-brand-700")}
          aria-hidden="true"
        />
        {T.title}
      </Heading>
      <ul className="grid gap-1.5 pl-6">
        {terms.lines.map((line) => (
          <li key={line} className={cn(final && line === terms.lines[0] && "font-medium")}>
            {line}
          </li>
        ))}
      </ul>
      <p className="pl-6">
        <Link
          to="/cancellation-refunds"
          className={cn("underline", final ? "text-amber-950" : "text-brand-700")}
        >
          Cancellation & Refunds policy
        </Link>
      </p>
    </section>
  );
}
