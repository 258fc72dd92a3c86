import type { SessionOption } from "../../../core/booking";
import type { BookingTerms } from "../../../core/booking-terms";
import { packageUseLabel } from "../../../core/packages";
import { Fact, PriceBreakdown, SessionTimes } from "./booking-facts";
import { BookingTermsBox } from "./booking-terms-box";

/**
 * What the summary step shows before its buttons, the same before hydration (a plain page) and
 * after it: the choices, the price breakdown and the refund rule for this time.
 */
export function BookingReview({
  advisorName,
  topics,
  notes,
  option,
  choice,
  terms,
}: {
  advisorName: string;
  topics: string[];
  notes: string;
  option: SessionOption;
  choice: { start: string; viewerTimeZone: string; advisorTimeZone: string };
  terms: BookingTerms;
}) {
  const { price } = option;
  return (
    <>
      <h3 className="text-lg font-semibold">Review your booking</h3>
      <dl className="grid gap-3">
        <Fact label="Advisor">{advisorName}</Fact>
        <Fact label="Topics">{topics.join(", ")}</Fact>
        {notes.trim() ? (
          <Fact label="Additional info">
            <span className="whitespace-pre-line">{notes.trim()}</span>
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
          freeLabel={option.packageUse ? packageUseLabel(option.packageUse) : undefined}
        />
      </div>
      <BookingTermsBox terms={terms} />
    </>
  );
}
