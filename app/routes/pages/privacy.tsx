import { COMPANY } from "../../components/pages/company";
import { POLICY_DATES } from "../../../core/policy-dates";
import {
  Callout,
  ProseHeading,
  ProseList,
  ProsePage,
  ProseTable,
  type ProseSection,
  TextLink,
} from "../../components/pages/prose-page";
import { SupportEmailLink } from "../../components/pages/support-email";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";

export function meta() {
  return [
    { title: "Privacy Policy | BeenThere" },
    {
      name: "description",
      content:
        "What personal data BeenThere collects, why, how long we keep it, who we share it with, and how to use your rights. We never store card numbers.",
    },
  ];
}

const RETENTION = [
  ["Your account and profile", "While your account is open; removed when you delete it"],
  [
    "Bookings, payments and invoices",
    "8 years after the session, as Indian tax and company law require",
  ],
  ["Reviews", "While the advisor's profile is live; anonymised when you close your account"],
  ["Messages to support", "2 years after the conversation ends"],
  ["Security logs (IP address, request details)", "90 days"],
] as const;

const SECTIONS: readonly ProseSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    content: (
      <p>
        This policy explains how {COMPANY.legalName} (&quot;BeenThere&quot;, &quot;we&quot;) handles
        personal data when you use our website and services. We decide why and how your data is
        used, which makes us the data fiduciary under India&apos;s Digital Personal Data Protection
        Act, 2023, and we also follow the Information Technology Act, 2000 and the rules made under
        it.
      </p>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect",
    content: (
      <>
        <ProseHeading>Account details</ProseHeading>
        <p>
          Your first and last name, e-mail address and password. We store only a one-way hash of
          your password, never the password itself. If you sign in with Google, we receive your
          name, e-mail address and Google account ID, not your Google password.
        </p>
        <ProseHeading>Profile details</ProseHeading>
        <p>
          Seekers may add their profession, age range, city and country. Advisors add what their
          public profile needs: headshot, job title, company, years of experience, work locations,
          skills and topics, an introduction, LinkedIn URL, phone number, hourly rate and weekly
          availability.
        </p>
        <ProseHeading>Bank details (advisors only)</ProseHeading>
        <p>
          Account holder name, bank, account number, IFSC code and branch, so we can pay you. Bank
          account numbers are encrypted at rest and shown masked everywhere except to you when you
          edit them.
        </p>
        <ProseHeading>Bookings and sessions</ProseHeading>
        <p>
          The advisor, date, time, duration and time zone of each session, the topics you chose,
          anything you wrote for your advisor, cancellation or reschedule reasons, and your ratings
          and reviews. We do not record sessions.
        </p>
        <ProseHeading>Payments</ProseHeading>
        <p>
          Payments are handled by Razorpay. We receive the order and payment IDs, the amount, the
          status and the payment method type (for example &quot;UPI&quot;).{" "}
          <strong>
            We never see or store card numbers, CVVs, UPI PINs or net-banking passwords.
          </strong>
        </p>
        <ProseHeading>Messages and technical data</ProseHeading>
        <p>
          What you send us through the contact form or by e-mail, and the technical details every
          website receives: your IP address, browser type and the pages you request. We use these to
          keep the service secure, for example to limit repeated sign-in attempts.
        </p>
      </>
    ),
  },
  {
    id: "why",
    title: "Why we use it",
    content: (
      <ProseList>
        <li>To create and secure your account and let you sign in.</li>
        <li>To show advisor profiles and let seekers search them.</li>
        <li>
          To book, confirm, reschedule and cancel sessions, create the video link and send the
          e-mails and calendar invitations that go with them.
        </li>
        <li>To take payments, issue refunds and pay advisors.</li>
        <li>To answer your questions and handle complaints.</li>
        <li>To prevent fraud and abuse, and to enforce our terms and Code of Conduct.</li>
        <li>To meet legal duties, such as keeping tax records.</li>
      </ProseList>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    content: (
      <>
        <p>
          <strong>We do not sell your personal data</strong>, and we do not share it with
          advertisers. We share only what each of these needs:
        </p>
        <ProseList>
          <li>
            <strong>The other person in your session.</strong> Your advisor sees your name, e-mail
            address, profession and what you shared for the session; you see your advisor&apos;s
            public profile.
          </li>
          <li>
            <strong>Service providers</strong> who work for us under contract: Razorpay for payments
            and refunds, our e-mail delivery provider, our video meeting provider, and our hosting
            and storage providers.
          </li>
          <li>
            <strong>Authorities</strong>, when the law requires it or to protect someone&apos;s
            safety.
          </li>
        </ProseList>
        <p>
          Some advisors live outside India. When you book one, the details you share for the session
          go to them in that country.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    content: (
      <>
        <p>
          We use one cookie: a session cookie that keeps you signed in. It is strictly necessary, so
          there is no cookie banner. There are no analytics, advertising or tracking cookies on
          BeenThere.
        </p>
        <p>
          Your browser&apos;s own storage keeps a few preferences on your device, such as the role
          you are viewing the dashboard as and your unfinished advisor application, so you do not
          lose your work. This never leaves your device until you submit it.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    content: (
      <ProseTable
        caption="How long each kind of data is kept"
        headings={["Data", "Kept for"]}
        rows={RETENTION}
        emphasis={0}
      />
    ),
  },
  {
    id: "security",
    title: "How we protect it",
    content: (
      <ProseList>
        <li>Every connection to BeenThere is encrypted (HTTPS).</li>
        <li>Passwords are hashed; bank account numbers are encrypted at rest.</li>
        <li>
          Sign-in attempts are limited, and accounts lock temporarily after repeated failures.
        </li>
        <li>Only staff who need it for their work can see personal data.</li>
        <li>
          If a breach affects your data, we will tell you and the Data Protection Board of India as
          the law requires.
        </li>
      </ProseList>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    content: (
      <>
        <p>
          You can use each of these yourself, at any time, in{" "}
          <TextLink to="/settings/privacy">Settings → Privacy</TextLink> and the other sections of
          your settings; none of them needs a letter or a wait:
        </p>
        <ProseList>
          <li>
            <strong>See and take your data</strong>: &quot;Download my data&quot; prepares a file of
            everything we hold about you (account, profile, bookings, payments, reviews, the e-mails
            we sent you and what you agreed to), ready to download for 7 days.
          </li>
          <li>
            <strong>Correct it</strong>: change your name, photo, phone number, time zone and e-mail
            address in your settings.
          </li>
          <li>
            <strong>Withdraw consent</strong>: see what you agreed to and when, and stop product
            news with one click. Your consent to the Terms and this policy is withdrawn by deleting
            your account.
          </li>
          <li>
            <strong>Delete your data</strong>: &quot;Delete my account&quot; cancels your upcoming
            sessions under the usual refund rules and removes your name, contact details and profile
            at once. We keep only what the law makes us keep (payments, invoices, ledger entries and
            security records), with your identity removed from everything that does not need it.
          </li>
          <li>
            <strong>Choose what reaches you</strong>: which e-mails we send you, apart from the ones
            about your bookings and payments that we must send.
          </li>
        </ProseList>
        <p>
          You can also nominate someone to act for you if you die or become unable to do so, or ask
          anything the settings do not answer, by writing to <SupportEmailLink /> from the address
          on your account; we reply within 30 days. If you are unhappy with our answer, you can
          complain to the Data Protection Board of India.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    content: (
      <p>
        BeenThere is for adults. You must be 18 or older to create an account, and we do not
        knowingly collect data from children. If you believe a child has signed up, tell us and we
        will delete the account.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    content: (
      <p>
        When we change this policy, we update the date at the top of the page. If a change affects
        how we use data you have already given us, we will e-mail you before it applies.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact and Grievance Officer",
    content: (
      <p>
        For any privacy question or complaint, contact our Grievance Officer,{" "}
        {COMPANY.grievanceOfficer}, at <SupportEmailLink /> (please put &quot;Privacy&quot; in the
        subject line), or write to {COMPANY.address}. You can also use our{" "}
        <TextLink to="/contact">contact form</TextLink>.
      </p>
    ),
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function Privacy() {
  return (
    <ProsePage
      eyebrow="Legal"
      title="Privacy Policy"
      intro="What we collect when you use BeenThere, why we need it, and the choices you have. We collect as little as we can."
      lastUpdated={POLICY_DATES.privacy}
      sections={SECTIONS}
    >
      <Callout title="In brief">
        <ProseList>
          <li>We collect what it takes to run your account, bookings and payments.</li>
          <li>Payments are handled by Razorpay; we never store card numbers.</li>
          <li>Advisors&apos; bank details are encrypted.</li>
          <li>One session cookie, no tracking, and we never sell your data.</li>
          <li>You can see, correct or delete your data by writing to us.</li>
        </ProseList>
      </Callout>
    </ProsePage>
  );
}
