import { POLICY_DATES } from "../../../core/policy-dates";
import {
  Callout,
  ProseList,
  ProsePage,
  ProseTable,
  type ProseSection,
  TextLink,
} from "../../components/pages/prose-page";
import { SupportEmailLink, useSupportEmail } from "../../components/pages/support-email";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";
import { GST_LABEL } from "../../../core/pricing";
import { NO_SHOW_REPORT_OPENS_MINUTES, NO_SHOW_RULES } from "../../../core/no-show";

/** "If the advisor…" continues a sentence after its bold opening. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
import { FULL_REFUND_HOURS, MODIFY_CUTOFF_HOURS } from "../../../core/sessions";
import { REFUND_DAYS, SESSION_MESSAGES } from "../../../core/messages/sessions";
import { supportHoursText, SUPPORT_REPLY_TIME } from "../../../core/contact";
import { BOOKING_WINDOW_DAYS, MIN_LEAD_HOURS } from "../../../core/booking-limits";

export function meta() {
  return [
    { title: "Cancellation & Refunds | BeenThere" },
    {
      name: "description",
      content: `How to cancel or reschedule a BeenThere session, when you get a full refund, and how long refunds take to reach your account (${REFUND_DAYS}).`,
    },
  ];
}

/** Who gets what back, by who cancelled and when (ADR 3). */
const REFUND_TABLE = [
  [`You cancel ${FULL_REFUND_HOURS} hours or more before the start`, "Full refund, automatically"],
  [
    `You cancel between ${FULL_REFUND_HOURS} and ${MODIFY_CUTOFF_HOURS} hours before the start`,
    "No refund",
  ],
  [`Less than ${MODIFY_CUTOFF_HOURS} hours before the start`, "Cancelling is no longer possible"],
  ["Your advisor cancels", "Full refund, automatically"],
  ["Our team cancels", "Full refund, automatically"],
] as const;

function SupportBlockMessage() {
  const email = useSupportEmail();
  return (
    <blockquote className="rounded-lg border-l-4 border-brand-300 bg-canvas px-4 py-3 text-sm text-ink">
      {SESSION_MESSAGES.cutoff("cancel", email)}
    </blockquote>
  );
}

const SECTIONS: readonly ProseSection[] = [
  {
    id: "cancel-or-reschedule",
    title: "Cancelling or rescheduling a session",
    content: (
      <>
        <p>
          Plans change. You can cancel or reschedule a confirmed session yourself from your
          dashboard, in the Sessions list, until {MODIFY_CUTOFF_HOURS} hours before it starts. When
          you cancel, we ask for a short reason so your advisor understands what happened.
        </p>
        <p>
          Within the last {MODIFY_CUTOFF_HOURS} hours before the start, the Cancel and Reschedule
          buttons are switched off, because your advisor has set that time aside for you. If you
          try, you will see:
        </p>
        <SupportBlockMessage />
        <p>
          <strong>We recommend giving at least {FULL_REFUND_HOURS} hours&apos; notice.</strong> It
          gives your advisor time to offer the slot to someone else, and it is what decides whether
          you get your money back.
        </p>
        <p>
          Rescheduling keeps your booking and your payment: you simply pick a new time, at least{" "}
          {MIN_LEAD_HOURS} hours ahead and within the next {BOOKING_WINDOW_DAYS} days, and both of
          you are notified. If you cannot make a paid session and are between {FULL_REFUND_HOURS}{" "}
          and {MODIFY_CUTOFF_HOURS} hours before it, rescheduling is usually better than cancelling.
        </p>
      </>
    ),
  },
  {
    id: "refunds",
    title: "When you get a refund",
    content: (
      <>
        <ProseTable
          caption="Refunds by who cancels and when"
          headings={["What happens", "Refund"]}
          rows={REFUND_TABLE}
          emphasis={1}
        />
        <p>
          A full refund means everything you paid: the session fee and the {GST_LABEL} on it. There
          are no cancellation charges. The {FULL_REFUND_HOURS}-hour line is measured from the
          session&apos;s scheduled start time, whatever time zone you are in.
        </p>
      </>
    ),
  },
  {
    id: "advisor-cancels",
    title: "If your advisor or our team cancels",
    content: (
      <p>
        Occasionally an advisor has an emergency, or we need to cancel a session, for example if a
        profile is suspended. In every such case you receive a full refund automatically, and we
        e-mail you straight away so you can book another time or another advisor. You do not need to
        ask.
      </p>
    ),
  },
  {
    id: "refund-timing",
    title: "How and when refunds arrive",
    content: (
      <>
        <ProseList>
          <li>
            Refunds go back to the original payment method (the same card, UPI account, bank account
            or wallet) through Razorpay. We cannot send them anywhere else.
          </li>
          <li>
            Refunds reach your account in <strong>{REFUND_DAYS}</strong> from when we start them.
            UPI refunds are often quicker; some banks take the full time.
          </li>
          <li>We e-mail you when a refund is started, with its reference number.</li>
        </ProseList>
        <p>
          If you have not received a refund after 10 business days, write to <SupportEmailLink />{" "}
          with the payment ID from your booking confirmation, and we will trace it with Razorpay and
          your bank.
        </p>
      </>
    ),
  },
  {
    id: "free-sessions",
    title: "Free sessions",
    content: (
      <p>
        Free Discovery Calls and sessions with advisors who work pro bono cost nothing, so there is
        nothing to refund. The same {MODIFY_CUTOFF_HOURS}-hour rule applies to cancelling or
        rescheduling them. Please cancel as early as you can if you cannot make it: someone else can
        then use the slot. We may limit free bookings for accounts that repeatedly miss them.
      </p>
    ),
  },
  {
    id: "no-shows",
    title: "No-shows, lateness and technical problems",
    content: (
      <ProseList>
        <li>
          <strong>Reporting a no-show.</strong> {NO_SHOW_RULES.report}
        </li>
        <li>
          <strong>Disputes.</strong> {NO_SHOW_RULES.dispute}
        </li>
        <li>
          <strong>If your advisor does not join</strong>, {lowerFirst(NO_SHOW_RULES.advisorAbsent)}
        </li>
        <li>
          <strong>If you do not join</strong>, {lowerFirst(NO_SHOW_RULES.seekerAbsent)} Your advisor
          waits at least {NO_SHOW_REPORT_OPENS_MINUTES} minutes before reporting it.
        </li>
        <li>
          <strong>Repeated no-shows by an advisor.</strong> {NO_SHOW_RULES.strikes}
        </li>
        <li>
          <strong>If you join late</strong>, the session still ends at its scheduled time.
        </li>
        <li>
          <strong>If a session cannot take place because of a problem on our side</strong>, such as
          a broken video link, you get a full refund or a free reschedule, whichever you choose.
        </li>
      </ProseList>
    ),
  },
  {
    id: "payment-problems",
    title: "Failed or duplicate payments",
    content: (
      <p>
        If money left your account but you did not receive a booking confirmation, or you were
        charged twice for one booking, the extra amount is refunded to the original payment method
        in {REFUND_DAYS}. If it has not arrived by then, contact us with the payment ID or your bank
        statement entry.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Questions or a special case",
    content: (
      <p>
        If something unexpected got in the way, such as a medical emergency, talk to us. Write to{" "}
        <SupportEmailLink /> or use the <TextLink to="/contact">contact form</TextLink> and choose
        &quot;Refund&quot;. Our team replies within {SUPPORT_REPLY_TIME} during support hours (
        {supportHoursText(", ")}).
      </p>
    ),
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function CancellationRefunds() {
  return (
    <ProsePage
      eyebrow="Legal"
      title="Cancellation & Refunds"
      intro="When you can cancel or move a session, when you get your money back, and how long it takes."
      lastUpdated={POLICY_DATES.refunds}
      sections={SECTIONS}
    >
      <Callout title="At a glance">
        <ProseList>
          <li>
            Cancel or reschedule from your dashboard until {MODIFY_CUTOFF_HOURS} hours before the
            start.
          </li>
          <li>We recommend {FULL_REFUND_HOURS} hours&apos; notice.</li>
          <li>
            Cancelled {FULL_REFUND_HOURS} hours or more before the start: automatic full refund.
          </li>
          <li>Cancelled later: no refund.</li>
          <li>Cancelled by your advisor or by our team: full refund.</li>
          <li>Refunds reach your original payment method in {REFUND_DAYS}.</li>
        </ProseList>
      </Callout>
    </ProsePage>
  );
}
