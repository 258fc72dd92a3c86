import { type ReactNode, useEffect, useId } from "react";
import { formatAdminDateTime } from "../../../../core/format";
import type { PayoutActionAnswer } from "../../../../core/admin/payouts";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { Card } from "../../ui/card";
import { toast } from "../../ui/toaster";

/** The right-aligned figure columns of the screen's wide tables. */
export const numTh = "px-3 py-2 text-right whitespace-nowrap";
export const numTd = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

/** One part of the Payouts screen: a card with its heading, an intro and its actions. */
export function Section({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <Card className="grid min-w-0 gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id={id} className="text-lg font-semibold">
              {title}
            </h2>
            {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
          </div>
          {actions}
        </div>
        {children}
      </Card>
    </section>
  );
}

/**
 * A wide table of figures: scrolls sideways inside its own box on a phone, so the page never
 * does. The box can take focus, so a keyboard can scroll it too.
 */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative min-w-0 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </div>
  );
}

/** A cell's column name, shown only where the table stacks into cards (phones). */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return <span className="text-muted md:hidden">{children} </span>;
}

export function Showing({ shown, total }: { shown: number; total: number }) {
  return shown < total ? <p className="text-sm text-muted">{M.showing(shown, total)}</p> : null;
}

/** A moment in India's time (by default with its time of day). */
export function Time({
  at,
  format = formatAdminDateTime,
}: {
  at: Date | string;
  format?: (instant: Date) => string;
}) {
  const date = new Date(at);
  return <time dateTime={date.toISOString()}>{format(date)}</time>;
}

/** The result of a fetcher's post, as a toast. */
export function useToastAnswer(answer: PayoutActionAnswer | undefined, title: string) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(title, { description: answer.message });
  }, [answer, title]);
}
