import { LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { SessionOption } from "../../../core/booking";
import { type SummaryStepValues, summaryStepRules } from "../../../core/forms/booking-steps";
import { bookingTerms, refundDeadline } from "../../../core/booking-terms";
import { bookLabel } from "../../../core/packages";
import { useZodForm } from "../../lib/forms";
import { Button } from "../ui/button";
import { FormField } from "../ui/form-field";
import { BookingReview } from "./booking-review";
import type { SlotChoice } from "./date-time-step";

/** The refund rule moves with the clock: the summary looks again every 30 seconds. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Step 4: everything chosen, the price breakdown, the refund rule that applies to this time
 * (a required "no refund" acknowledgement inside the refund deadline), the agreements, and one
 * button. `result` carries the server's refusal of the acknowledgement, shown at its box.
 */
export function BookingSummary({
  advisorName,
  topics,
  additionalInfo,
  option,
  choice,
  busy,
  result,
  onBack,
  onConfirm,
}: {
  advisorName: string;
  topics: string[];
  additionalInfo: string;
  option: SessionOption;
  choice: SlotChoice;
  busy: boolean;
  result: { fieldErrors: Partial<Record<keyof SummaryStepValues, string>> } | null;
  onBack: () => void;
  onConfirm: (values: SummaryStepValues) => void;
}) {
  const { price } = option;
  const start = new Date(choice.start);
  const clock = useClock();
  // The server's clock has the last word: once it has refused for the refund deadline, the
  // summary reads the time as past it too, whatever this browser's clock says.
  const refusedAt = result?.fieldErrors.noRefundAcknowledged
    ? refundDeadline(start).getTime() + 1
    : 0;
  const terms = bookingTerms({
    start,
    now: new Date(Math.max(clock.getTime(), refusedAt)),
    totalPaise: price.totalPaise,
    zone: choice.viewerTimeZone,
  });
  const [values, setValues] = useState<SummaryStepValues>({ noRefundAcknowledged: false });
  const form = useZodForm(summaryStepRules(terms.acknowledgement !== null), {
    id: "booking-summary",
    values,
    setValues,
    result,
    onValid: onConfirm,
  });
  return (
    <div className="grid gap-5">
      <BookingReview
        advisorName={advisorName}
        topics={topics}
        notes={additionalInfo}
        option={option}
        choice={choice}
        terms={terms}
      />
      <form className="grid gap-4" {...form.props}>
        {terms.acknowledgement ? (
          <FormField
            form={form}
            name="noRefundAcknowledged"
            label={terms.acknowledgement}
            layout="check"
          >
            <input type="checkbox" className="mt-1 size-4 shrink-0 accent-brand-700" />
          </FormField>
        ) : null}
        <p className="text-xs text-muted">
          By booking you agree to the{" "}
          <Link to="/terms" className="underline">
            Terms & Conditions
          </Link>{" "}
          and the{" "}
          <Link to="/code-of-conduct" className="underline">
            Code of Conduct
          </Link>
          .
        </p>
        <div className="flex flex-wrap justify-between gap-3 border-t border-line pt-4">
          <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
            {bookLabel(option)}
          </Button>
        </div>
      </form>
    </div>
  );
}
