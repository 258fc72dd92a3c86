import { COMPANY } from "../../components/pages/company";
import { POLICY_DATES } from "../../../core/policy-dates";
import {
  Callout,
  ProseHeading,
  ProseList,
  ProsePage,
  type ProseSection,
  TextLink,
} from "../../components/pages/prose-page";
import { SupportEmailLink } from "../../components/pages/support-email";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";
import { GST_LABEL } from "../../../core/pricing";
import { FULL_REFUND_HOURS, JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../../../core/sessions";
import {
  BOOKING_WINDOW_DAYS,
  DISCOVERY_MINUTES,
  HOLD_MINUTES,
  MIN_LEAD_HOURS,
} from "../../../core/booking-limits";
import { SUPPORT_REPLY_TIME } from "../../../core/contact";
import { REFUND_DAYS } from "../../../core/messages/sessions";

export function meta() {
  return [
    { title: "Terms & Conditions | BeenThere" },
    {
      name: "description",
      content:
        "The terms for using BeenThere: what the platform does, booking and paying for 1-1 sessions in INR, cancellations, acceptable use and your rights.",
    },
  ];
}

const SECTIONS: readonly ProseSection[] = [
  {
    id: "about-these-terms",
    title: "About these terms",
    content: (
      <>
        <p>
          These Terms & Conditions form an agreement between you and {COMPANY.legalName}{" "}
          (&quot;BeenThere&quot;, &quot;we&quot;, &quot;us&quot;), a company registered in India
          with its office at {COMPANY.address}. They apply whenever you visit our website, create an
          account, book a session or offer sessions as an advisor.
        </p>
        <p>
          By creating an account or booking a session you confirm that you have read and accept
          these terms, our <TextLink to="/privacy">Privacy Policy</TextLink> and our{" "}
          <TextLink to="/cancellation-refunds">Cancellation & Refunds policy</TextLink>. Advisors
          also accept the <TextLink to="/advisor-agreement">Advisor Agreement</TextLink>, and
          everyone follows our <TextLink to="/code-of-conduct">Code of Conduct</TextLink>. If you do
          not agree, please do not use BeenThere.
        </p>
      </>
    ),
  },
  {
    id: "what-we-do",
    title: "What BeenThere does, and what it does not",
    content: (
      <>
        <p>
          BeenThere is a platform only. We connect people who are looking for guidance
          (&quot;seekers&quot;) with people who have lived through a similar situation
          (&quot;advisors&quot;) and provide the tools to book, pay for and hold a one-to-one video
          session.
        </p>
        <ProseList>
          <li>
            Advisors are independent. They are not our employees or agents, and the views they share
            are their own.
          </li>
          <li>
            We check advisor applications before a profile goes live, but we do not guarantee any
            advisor&apos;s qualifications, the accuracy of what they say, or any outcome such as a
            job offer, an admission, a visa or a salary increase.
          </li>
          <li>
            Any decision you take after a session is yours. Please weigh what you hear against your
            own circumstances and other sources.
          </li>
        </ProseList>
      </>
    ),
  },
  {
    id: "not-professional-advice",
    title: "Not professional advice",
    content: (
      <>
        <p>
          <strong>
            Advice shared on BeenThere is not legal, medical or financial advice, and it is not a
            substitute for it.
          </strong>{" "}
          Advisors share personal experience: how they changed careers, moved abroad, chose a
          university or negotiated an offer.
        </p>
        <p>
          For matters that need a licensed professional, please consult one: an advocate or a
          registered immigration adviser for visas and contracts, a SEBI-registered investment
          adviser or a chartered accountant for money and taxes, and a doctor or a qualified
          counsellor for your health. If you are in crisis, contact your local emergency services
          (112 in India) straight away.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    content: (
      <ProseList>
        <li>You must be at least 18 years old to create an account or book a session.</li>
        <li>
          Give accurate details, keep them up to date, and keep your password to yourself. You are
          responsible for what happens under your account.
        </li>
        <li>One person, one account. Accounts cannot be sold or transferred.</li>
        <li>
          Tell us straight away at <SupportEmailLink /> if you think someone else has used your
          account.
        </li>
      </ProseList>
    ),
  },
  {
    id: "booking",
    title: "Booking sessions",
    content: (
      <>
        <p>Sessions are one-to-one video calls. There are three kinds:</p>
        <ProseList>
          <li>
            <strong>Free Discovery Call</strong>: a free {DISCOVERY_MINUTES}-minute call with our
            team to work out what you need and which advisor could help.
          </li>
          <li>
            <strong>First Call</strong>: your first session with an advisor, 30 minutes long.
          </li>
          <li>
            <strong>Follow-up call</strong>: later sessions with the same advisor, 15 or 30 minutes
            long.
          </li>
        </ProseList>
        <p>
          You can book a slot that starts at least {MIN_LEAD_HOURS} hours from now and no more than{" "}
          {BOOKING_WINDOW_DAYS} days ahead. Times are shown in your own time zone. A booking is
          confirmed once payment succeeds (or straight away for a free session), and both of you
          receive a confirmation e-mail with the video link. The link opens {JOIN_EARLY_MINUTES}{" "}
          minutes before the start time.
        </p>
        <p>
          Please join on time. A session ends at its scheduled end time even if it started late.
        </p>
      </>
    ),
  },
  {
    id: "payments",
    title: "Prices and payments",
    content: (
      <>
        <ProseList>
          <li>
            Advisors set their own rates; some offer sessions pro bono (free). The price you see is
            in Indian Rupees (INR) and includes {GST_LABEL}. The fee and the GST are shown
            separately before you pay.
          </li>
          <li>
            Payments are processed by Razorpay, a licensed payment aggregator, using cards, UPI, net
            banking or wallets. We never see or store your card number, CVV or UPI PIN.
          </li>
          <li>
            While you complete payment, the slot is held for you for {HOLD_MINUTES} minutes. If the
            payment is not completed in that time, the slot is released.
          </li>
          <li>
            The amount you pay is collected by BeenThere, which pays advisors after the session.
            Never pay an advisor directly: payments made outside BeenThere are not protected by our
            refund policy.
          </li>
          <li>
            Your booking confirmation shows the fee and the GST you paid. If you need a GST invoice
            with your GSTIN, write to us.
          </li>
        </ProseList>
      </>
    ),
  },
  {
    id: "cancellations",
    title: "Cancellations, rescheduling and refunds",
    content: (
      <>
        <p>
          You can cancel or reschedule a confirmed session from your dashboard until{" "}
          {MODIFY_CUTOFF_HOURS} hours before it starts; after that, sessions cannot be cancelled or
          rescheduled online. We recommend giving at least {FULL_REFUND_HOURS} hours&apos; notice.
        </p>
        <p>
          If you cancel {FULL_REFUND_HOURS} hours or more before the start, you get a full refund
          automatically. If your advisor or our team cancels, you always get a full refund. Refunds
          reach your original payment method in {REFUND_DAYS}. The full rules, including no-shows
          and free sessions, are in our{" "}
          <TextLink to="/cancellation-refunds">Cancellation & Refunds policy</TextLink>.
        </p>
      </>
    ),
  },
  {
    id: "advisors",
    title: "If you are an advisor",
    content: (
      <p>
        Advisors apply through our application, and a profile appears publicly only after we approve
        it. As an advisor you also agree to the{" "}
        <TextLink to="/advisor-agreement">Advisor Agreement</TextLink>, which covers your expertise,
        confidentiality, fees, payouts and the grounds on which we may suspend or end your account.
      </p>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    content: (
      <>
        <p>Everyone on BeenThere follows our Code of Conduct. In particular, you must not:</p>
        <ProseList>
          <li>harass, threaten, demean or discriminate against anyone;</li>
          <li>record a session without the clear consent of everyone in it;</li>
          <li>
            arrange or pay for sessions outside BeenThere with someone you met here, or move a
            booked session to another app;
          </li>
          <li>
            post false information, impersonate someone, or write reviews for sessions you did not
            attend;
          </li>
          <li>
            copy advisor profiles or other content in bulk, or use bots and scrapers on the site;
          </li>
          <li>
            try to break, overload or get around the security of the platform, or use it for
            anything unlawful.
          </li>
        </ProseList>
      </>
    ),
  },
  {
    id: "reviews",
    title: "Reviews",
    content: (
      <p>
        After a completed session you can rate it and leave written feedback once. Reviews must
        describe your own honest experience. We may remove a review that is abusive, shares personal
        information, is not about the session, or breaks these terms, but we do not remove a review
        only because it is negative.
      </p>
    ),
  },
  {
    id: "content",
    title: "Content and intellectual property",
    content: (
      <>
        <p>
          The BeenThere name, logo, website and software belong to us. You may use the site for your
          own personal purposes, not to build a competing service or to resell access.
        </p>
        <p>
          You keep the rights to what you write, such as profile text and reviews, and you allow us
          to display it on BeenThere and in our marketing of the platform for as long as it is on
          the site.
        </p>
      </>
    ),
  },
  {
    id: "suspension",
    title: "Suspension and closing your account",
    content: (
      <>
        <p>
          You can close your account at any time by writing to <SupportEmailLink />. Upcoming paid
          sessions are cancelled and refunded under our refund policy.
        </p>
        <p>
          We may suspend or close an account that breaks these terms, the Code of Conduct or the
          law, that we reasonably suspect of fraud, or that puts other people at risk. Where it is
          safe and lawful, we will tell you why and give you a chance to respond.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Our responsibility to you",
    content: (
      <>
        <p>
          We work hard to keep BeenThere available and secure, but the service is provided &quot;as
          is&quot;: we cannot promise it will always be free of interruptions or errors, and video
          quality depends partly on your connection.
        </p>
        <p>
          To the extent the law allows, we are not responsible for decisions you make based on a
          session, for what advisors or seekers say or do, or for indirect losses such as lost
          income or opportunities. Our total liability to you for any claim about a session is
          limited to the amount you paid for that session. Nothing in these terms limits rights you
          have under the Consumer Protection Act, 2019 or other law that cannot be excluded.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    content: (
      <p>
        We may update these terms as the service changes. The date at the top of this page shows the
        latest version. If a change materially affects you, we will e-mail you before it takes
        effect. Sessions already booked stay under the terms that applied when you booked them.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law and disputes",
    content: (
      <p>
        These terms are governed by the laws of India. If something goes wrong, please contact us
        first: most problems are solved quickly that way. Any dispute we cannot resolve together is
        subject to the exclusive jurisdiction of the courts at {COMPANY.jurisdiction}, without
        affecting your right to approach a consumer commission where you live.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact and grievances",
    content: (
      <>
        <p>
          Questions about these terms? Write to <SupportEmailLink /> or use our{" "}
          <TextLink to="/contact">contact form</TextLink>. We reply within {SUPPORT_REPLY_TIME}{" "}
          during support hours.
        </p>
        <ProseHeading>Grievance Officer</ProseHeading>
        <p>
          In line with the Information Technology Act, 2000 and the Consumer Protection (E-Commerce)
          Rules, 2020, complaints can be addressed to our Grievance Officer,{" "}
          {COMPANY.grievanceOfficer}, at <SupportEmailLink /> with &quot;Grievance&quot; in the
          subject line, or by post to {COMPANY.address}. We acknowledge complaints within 48 hours
          and resolve them within one month.
        </p>
      </>
    ),
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function Terms() {
  return (
    <ProsePage
      eyebrow="Legal"
      title="Terms & Conditions"
      intro="The rules for using BeenThere, written to be read. Please take a few minutes over them before you book or offer a session."
      lastUpdated={POLICY_DATES.terms}
      sections={SECTIONS}
    >
      <Callout title="The short version">
        <ProseList>
          <li>BeenThere is a platform that connects you with advisors; it is not an advisor.</li>
          <li>Advice shared here is not legal, medical or financial advice.</li>
          <li>Prices are in INR and include {GST_LABEL}; payments go through Razorpay.</li>
          <li>
            Cancel or reschedule until {MODIFY_CUTOFF_HOURS} hours before a session; cancel{" "}
            {FULL_REFUND_HOURS} hours or more ahead for a full refund.
          </li>
          <li>Keep every session and payment on BeenThere, and treat each other with respect.</li>
        </ProseList>
      </Callout>
    </ProsePage>
  );
}
