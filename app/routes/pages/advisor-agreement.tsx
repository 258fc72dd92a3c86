import { COMPANY } from "../../components/pages/company";
import { POLICY_DATES } from "../../../core/policy-dates";
import {
  Callout,
  ProseList,
  ProsePage,
  type ProseSection,
  TextLink,
} from "../../components/pages/prose-page";
import { SupportEmailLink } from "../../components/pages/support-email";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";
import { GST_LABEL } from "../../../core/pricing";
import { FULL_REFUND_HOURS, JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../../../core/sessions";

export function meta() {
  return [
    { title: "Advisor Agreement | BeenThere" },
    {
      name: "description",
      content:
        "The agreement every BeenThere advisor accepts: staying within your expertise, confidentiality, sessions and payments on the platform, fees, payouts and termination.",
    },
  ];
}

const SECTIONS: readonly ProseSection[] = [
  {
    id: "scope",
    title: "About this agreement",
    content: (
      <>
        <p>
          This agreement is between you, as an advisor, and {COMPANY.legalName}{" "}
          (&quot;BeenThere&quot;). You accept it when you tick &quot;I accept the terms and
          conditions&quot; in your advisor application, and it applies alongside our{" "}
          <TextLink to="/terms">Terms & Conditions</TextLink>,{" "}
          <TextLink to="/privacy">Privacy Policy</TextLink> and{" "}
          <TextLink to="/code-of-conduct">Code of Conduct</TextLink>.
        </p>
        <p>
          You take part as an independent professional, not as our employee, partner or agent. You
          decide whether to offer sessions, when you are available and what you charge, and you are
          responsible for your own income tax and, where it applies to you, GST registration.
        </p>
      </>
    ),
  },
  {
    id: "profile",
    title: "Your profile and approval",
    content: (
      <ProseList>
        <li>
          Your profile must be true and current: your real name and photo, your actual job history,
          and experience you have personally lived.
        </li>
        <li>
          We review every application, and may ask for proof such as a LinkedIn profile. A profile
          goes live only once we approve it, and changes you make later go back to review before
          they are shown.
        </li>
        <li>Keep your availability up to date so seekers only book times you can keep.</li>
      </ProseList>
    ),
  },
  {
    id: "expertise",
    title: "Stay within your expertise",
    content: (
      <>
        <p>
          Seekers come to you because you have been there. Speak from your own experience and be
          clear about where it ends: say so when a question is outside what you know.
        </p>
        <ProseList>
          <li>
            Do not present what you share as legal, medical or financial advice, even if you hold a
            relevant qualification: on BeenThere you speak from personal experience.
          </li>
          <li>
            Point seekers to a licensed professional (an immigration lawyer, a chartered accountant,
            a doctor) when they need one.
          </li>
          <li>Never promise outcomes such as a job offer, a referral, an admission or a visa.</li>
          <li>
            Disclose any conflict of interest, for example if you would earn a referral bonus or a
            commission from something you recommend.
          </li>
        </ProseList>
      </>
    ),
  },
  {
    id: "confidentiality",
    title: "Keep sessions confidential",
    content: (
      <p>
        What a seeker tells you stays between the two of you. Do not share their name, their
        situation or anything they told you with anyone else, publicly or privately, and do not use
        their contact details for anything except the session they booked. Do not record a session
        without the seeker&apos;s explicit consent. These duties continue after a session ends and
        after you leave BeenThere.
      </p>
    ),
  },
  {
    id: "tools",
    title: "Use the approved communication tools",
    content: (
      <p>
        Hold every session on the video link that comes with the booking: it opens{" "}
        {JOIN_EARLY_MINUTES} minutes before the start time. Do not move a session to WhatsApp, a
        phone call or another video app, and do not share personal contact details to continue a
        conversation elsewhere. If the link fails, contact support so we can help and keep a record
        of what happened.
      </p>
    ),
  },
  {
    id: "on-platform",
    title: "Keep sessions and payments on BeenThere",
    content: (
      <>
        <p>
          <strong>
            Never take payment, or arrange paid or free sessions, outside BeenThere with anyone you
            met through BeenThere.
          </strong>{" "}
          This includes asking a seeker to pay you directly, offering a discount for paying
          off-platform, or selling them other services.
        </p>
        <p>
          Off-platform payments leave seekers without our refund protection and break the trust the
          marketplace depends on.{" "}
          <strong>Doing so leads to immediate termination of your advisor account</strong>, and we
          may withhold payouts for the sessions concerned.
        </p>
      </>
    ),
  },
  {
    id: "fees",
    title: "Your fees",
    content: (
      <ProseList>
        <li>
          You choose how you offer sessions: pro bono (free), or for a fee based on the hourly rate
          you set in Indian Rupees. A 15-minute session costs a quarter of your hourly rate and a
          30-minute session half of it.
        </li>
        <li>Seekers pay your fee plus {GST_LABEL}, collected by BeenThere through Razorpay.</li>
        <li>
          You may change your rate at any time. The new rate applies to sessions booked after the
          change, never to sessions already booked.
        </li>
      </ProseList>
    ),
  },
  {
    id: "payouts",
    title: "Payouts",
    content: (
      <ProseList>
        <li>
          We pay your earnings for completed sessions to an Indian bank account in your name, which
          you add in your dashboard. Bank details are encrypted and shown to you masked.
        </li>
        <li>
          Payouts are net of BeenThere&apos;s platform fee, shown in your dashboard, and of any tax
          we are required to deduct at source, for which you receive a certificate.
        </li>
        <li>
          Nothing is paid for sessions that were cancelled and refunded under our{" "}
          <TextLink to="/cancellation-refunds">refund policy</TextLink>.
        </li>
      </ProseList>
    ),
  },
  {
    id: "cancellations",
    title: "Follow the cancellation policy",
    content: (
      <>
        <p>
          Seekers plan around the time you offered, so treat every booking as a commitment. Join on
          time, and follow the same rules as seekers: you can cancel or reschedule until{" "}
          {MODIFY_CUTOFF_HOURS} hours before the start, and we ask you to give at least{" "}
          {FULL_REFUND_HOURS} hours&apos; notice.
        </p>
        <p>
          When you cancel, the seeker receives a full refund and no fee is paid for that session.
          Missing a session without notice, or cancelling often, counts against your standing on the
          platform.
        </p>
      </>
    ),
  },
  {
    id: "quality",
    title: "Ratings and quality",
    content: (
      <p>
        After each completed session, the seeker can rate how helpful and actionable it was and
        whether they would recommend you. We read this feedback and may contact you to help if your
        ratings fall. You must not offer anything in return for a good review, or pressure a seeker
        about their rating.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    content: (
      <>
        <p>We may suspend or terminate your advisor account for:</p>
        <ProseList>
          <li>a breach of this agreement, the Terms & Conditions or the Code of Conduct;</li>
          <li>misconduct towards a seeker or our team;</li>
          <li>fraud, or false information in your profile;</li>
          <li>consistently low ratings; or</li>
          <li>repeated complaints from seekers.</li>
        </ProseList>
        <p>
          Where it is safe, we will tell you what we found and let you respond before we decide; we
          may suspend your profile while we look into a serious complaint. Taking payments or
          sessions off-platform leads to immediate termination.
        </p>
        <p>
          You may leave at any time by writing to <SupportEmailLink />. Please keep or cancel your
          upcoming sessions first; we pay out what you have earned for completed sessions.
        </p>
      </>
    ),
  },
  {
    id: "profile-use",
    title: "Use of your profile",
    content: (
      <p>
        You allow us to show your name, headshot and profile on BeenThere and in our marketing of
        the platform while you are an advisor. We remove your public profile when you leave.
      </p>
    ),
  },
  {
    id: "general",
    title: "Changes, law and contact",
    content: (
      <p>
        We may update this agreement; we will e-mail you at least 14 days before a material change
        takes effect. It is governed by the laws of India, with disputes subject to the courts at{" "}
        {COMPANY.jurisdiction}. Questions about it are welcome at <SupportEmailLink />.
      </p>
    ),
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function AdvisorAgreement() {
  return (
    <ProsePage
      eyebrow="For advisors"
      title="Advisor Agreement"
      intro="What we ask of every advisor on BeenThere, and what you can expect from us in return."
      lastUpdated={POLICY_DATES.advisorAgreement}
      sections={SECTIONS}
    >
      <Callout title="The essentials">
        <ProseList>
          <li>Share what you have lived; stay within your expertise.</li>
          <li>Keep every session confidential.</li>
          <li>Use the session&apos;s own video link, nothing else.</li>
          <li>Never take payments or sessions off-platform: it means immediate termination.</li>
          <li>
            Offer sessions pro bono or set your own fee; payouts go to your Indian bank account.
          </li>
        </ProseList>
      </Callout>
    </ProsePage>
  );
}
