import { Clock, type LucideIcon, Mail, MessageSquareText } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SUPPORT_HOURS, SUPPORT_REPLY_TIME } from "../../../core/contact";

/** The facts beside the contact form: where to write, when we are around, how fast we answer. */
export function SupportDetails({ supportEmail }: { supportEmail: string }) {
  return (
    <div className="grid content-start gap-4">
      <DetailCard icon={Mail} title="Email us">
        <p>
          <a
            href={`mailto:${supportEmail}`}
            className="font-medium break-all text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
          >
            {supportEmail}
          </a>
        </p>
        <p className="mt-1">For bookings, include your payment ID or the session date.</p>
      </DetailCard>
      <DetailCard icon={Clock} title="Support hours">
        <dl className="grid gap-2">
          {SUPPORT_HOURS.map((slot) => (
            <div key={slot.days}>
              <dt>{slot.days}</dt>
              <dd className="font-medium text-ink">{slot.hours}</dd>
            </div>
          ))}
        </dl>
      </DetailCard>
      <DetailCard icon={MessageSquareText} title="Response time">
        <p>
          We reply within <strong className="text-ink">{SUPPORT_REPLY_TIME}</strong> during support
          hours. Messages sent outside them are answered first thing when we are back.
        </p>
      </DetailCard>
      <div className="rounded-card border border-line bg-canvas p-5 text-sm text-muted">
        <h2 className="font-semibold text-ink">Quick answers</h2>
        <ul className="mt-2 grid gap-1.5">
          {[
            ["/cancellation-refunds", "Cancelling a session and refunds"],
            ["/terms", "Terms & Conditions"],
            ["/advisor-agreement", "Becoming an advisor: the Advisor Agreement"],
          ].map(([to, label]) => (
            <li key={to}>
              <Link
                to={to!}
                className="text-brand-700 underline decoration-brand-300 underline-offset-2 hover:text-brand-800"
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function DetailCard({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4 rounded-card border border-line bg-surface p-5 shadow-card">
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-100 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm leading-6 text-muted">
        <h2 className="font-semibold text-ink">{title}</h2>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
