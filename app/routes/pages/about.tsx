import { MARKETING_FIGURES } from "../../../core/landing-content";
import { FounderCard, type Founder } from "../../components/pages/founder-card";
import { PageCta } from "../../components/pages/page-cta";
import { ProseBody, ProseList, ProsePage, TextLink } from "../../components/pages/prose-page";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";
import { GST_LABEL } from "../../../core/pricing";
import { FULL_REFUND_HOURS } from "../../../core/sessions";
import { BOOKING_WINDOW_DAYS, DISCOVERY_MINUTES } from "../../../core/booking-limits";

export function meta() {
  return [
    { title: "About Us | BeenThere" },
    {
      name: "description",
      content:
        "Why we built BeenThere, who we are, and how 1-1 video sessions with advisors who have lived your next move work: careers, relocation, study abroad and more.",
    },
  ];
}

const FOUNDERS: readonly Founder[] = [
  {
    name: "Ritika Sharma",
    role: "Co-founder & CEO",
    journey: "Jaipur → Pune → Munich → Bengaluru",
    bio: "Ritika spent four years as a software engineer in Pune before a master's at TU Munich and a product role in Germany. She came home to Bengaluru in 2022 to lead product at a fintech start-up, and has lost count of the juniors she has coached through German university applications.",
  },
  {
    name: "Arjun Menon",
    role: "Co-founder & CTO",
    journey: "Kochi → Dubai → Singapore → Bengaluru",
    bio: "Arjun grew up in Kochi and took his first job abroad as a backend engineer in Dubai, then moved to Singapore to build payment systems. He knows first-hand how much a single honest conversation is worth before you sign an offer in another country.",
  },
];

const VALUES = [
  {
    title: "Lived experience first",
    text: "Every advisor has made the move they talk about. Titles matter less to us than having actually been there.",
  },
  {
    title: "Honest over comfortable",
    text: "Good advice includes the costs, the risks and the things that went wrong. We ask advisors to share all of it.",
  },
  {
    title: "Your time is precious",
    text: "Focused 15 and 30-minute sessions, clear prices in rupees with GST included, and no upselling.",
  },
  {
    title: "Open to everyone",
    text: "A free discovery call for anyone who is unsure where to start, and advisors who choose to give their time pro bono.",
  },
] as const;

const STEPS = [
  {
    title: "Find your advisor",
    text: (
      <>
        <TextLink to="/advisors">Search advisors</TextLink> by the move you are planning, such as
        &quot;Moving to Dubai&quot; or &quot;MS in Germany&quot;, and read their story before you
        choose. Not sure who fits? Start with a free {DISCOVERY_MINUTES}-minute discovery call with
        our team.
      </>
    ),
  },
  {
    title: "Pick a time that suits you",
    text: `Choose a slot in your own time zone, up to ${BOOKING_WINDOW_DAYS} days ahead. Your first session with an advisor is a 30-minute First Call; follow-ups can be 15 or 30 minutes.`,
  },
  {
    title: "Pay securely, or not at all",
    text: `Paid sessions show the price in INR including ${GST_LABEL}, and you pay through Razorpay. Discovery calls and pro bono sessions are free.`,
  },
  {
    title: "Talk face to face",
    text: "Join the video call from your confirmation e-mail or your dashboard, ask everything you need, and leave a review to help the next person.",
  },
] as const;

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="text-2xl font-bold text-ink sm:text-3xl">
      {children}
    </h2>
  );
}

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function About() {
  return (
    <ProsePage
      eyebrow="About us"
      title="Advice from people who have already made your move"
      intro="BeenThere connects you, one to one, with people who have lived the decision in front of you: the job switch, the move abroad, the degree, the salary talk."
    >
      <div className="grid gap-16">
        <section aria-labelledby="story">
          <SectionHeading id="story">Our story</SectionHeading>
          <ProseBody className="mt-4">
            <p>
              In 2019, Ritika paid a consultancy ₹1.5 lakh to plan her master&apos;s in Germany. The
              advice was generic and partly wrong. What actually helped was a 30-minute call with a
              senior from her college who had made the same move two years earlier: which
              universities cared about her grades, how to open a blocked account, what rent in
              Munich really cost.
            </p>
            <p>
              Arjun had the same experience when a friend in Dubai told him what his offer was worth
              once housing and school fees were counted. He negotiated, and got a better package.
            </p>
            <p>
              Most people never get that conversation, simply because they do not know the right
              person. So in 2024, in Bengaluru, we started BeenThere to make it bookable: a short,
              honest video call with someone who has already walked the road you are about to take.
            </p>
          </ProseBody>
          <dl className="mt-8 grid gap-4 rounded-card bg-brand-800 p-6 text-white sm:grid-cols-3 sm:p-8">
            {MARKETING_FIGURES.map((figure) => (
              <div key={figure.label} className="flex flex-col-reverse gap-1 text-center">
                <dt className="text-sm text-brand-100">{figure.label}</dt>
                <dd className="text-3xl font-bold tracking-tight">{figure.display}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="founders">
          <SectionHeading id="founders">Meet the founders</SectionHeading>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2">
            {FOUNDERS.map((founder) => (
              <li key={founder.name}>
                <FounderCard founder={founder} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="values">
          <SectionHeading id="values">What we believe</SectionHeading>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-card border border-line bg-canvas p-5">
                <h3 className="font-semibold text-ink">{value.title}</h3>
                <p className="mt-2 text-sm leading-6 text-muted">{value.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how-it-works">
          <SectionHeading id="how-it-works">How BeenThere works</SectionHeading>
          <ol className="mt-6 grid gap-6">
            {STEPS.map((step, index) => (
              <li key={step.title} className="grid grid-cols-[2.5rem_1fr] gap-4">
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-ink">{step.title}</h3>
                  <p className="mt-1 leading-7 text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <ProseBody className="mt-8">
            <p>Behind every session, a few promises:</p>
            <ProseList>
              <li>We review every advisor before their profile goes live.</li>
              <li>
                Cancel {FULL_REFUND_HOURS} hours or more before a session for a full refund; see our{" "}
                <TextLink to="/cancellation-refunds">Cancellation & Refunds policy</TextLink>.
              </li>
              <li>
                Everyone follows our <TextLink to="/code-of-conduct">Code of Conduct</TextLink>, and
                sessions stay confidential.
              </li>
              <li>
                Advice is personal experience, not legal, medical or financial advice. Read our{" "}
                <TextLink to="/terms">Terms & Conditions</TextLink>.
              </li>
            </ProseList>
          </ProseBody>
        </section>

        <PageCta />
      </div>
    </ProsePage>
  );
}
