import { LoaderCircle } from "lucide-react";
import { Link } from "react-router";
import type { SessionOption } from "../../../core/booking";
import { formatInr } from "../../../core/format";
import { Button } from "../ui/button";
import { Fact, PriceBreakdown, SessionTimes } from "./booking-facts";
import type { SlotChoice } from "./date-time-step";

/** Step 4: everything chosen, the price breakdown, the agreements, and one button. */
export function BookingSummary({
  advisorName,
  topics,
  additionalInfo,
  option,
  choice,
  busy,
  onBack,
  onConfirm,
}: {
  advisorName: string;
  topics: string[];
  additionalInfo: string;
  option: SessionOption;
  choice: SlotChoice;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { price } = option;
  return (
    <div className="grid gap-5">
      <h3 className="text-lg font-semibold">Review your booking</h3>
      <dl className="grid gap-3">
        <Fact label="Advisor">{advisorName}</Fact>
        <Fact label="Topics">{topics.join(", ")}</Fact>
        {additionalInfo.trim() ? (
          <Fact label="Additional info">
            <span className="whitespace-pre-line">{additionalInfo.trim()}</span>
          </Fact>
        ) : null}
        <Fact label="Session type">{option.type}</Fact>
        <Fact label="Duration">{option.duration} minutes</Fact>
        <SessionTimes
          datetime={new Date(choice.start)}
          seekerTimezone={choice.viewerTimeZone}
          advisorTimezone={choice.advisorTimeZone}
        />
      </dl>
      <div className="rounded-lg bg-slate-50 p-4">
        <PriceBreakdown
          fee={price.feeInr * 100}
          gst={price.gstInr * 100}
          total={price.totalPaise}
        />
      </div>
      <p className="text-xs text-muted">
        By booking you agree to the{" "}
        <Link to="/advisor-agreement" className="underline">
          Advisor Agreement
        </Link>{" "}
        and the{" "}
        <Link to="/code-of-conduct" className="underline">
          Code of Conduct
        </Link>
        .
      </p>
      <div className="flex justify-between gap-3 border-t border-line pt-4">
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button type="button" size="lg" onClick={onConfirm} disabled={busy}>
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {price.isFree ? "Book Free Session" : `Pay ${formatInr(price.totalInr)}`}
        </Button>
      </div>
    </div>
  );
}
