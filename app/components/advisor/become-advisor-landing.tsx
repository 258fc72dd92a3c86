import {
  BadgeCheck,
  CalendarClock,
  ClipboardList,
  Globe2,
  HeartHandshake,
  IndianRupee,
  Quote,
  Sparkles,
  UserCheck,
} from "lucide-react";
import type { ReactNode } from "react";
import { EmployerStrip } from "../landing/employer-strip";
import { Card } from "../ui/card";

/** The advisor landing page's blocks: hero, why join, who, how it works, voices, employers. */
const WHY_JOIN = [
  {
    icon: HeartHandshake,
    title: "Give back",
    text: "Help someone make the move you once made, with the advice you wish you had had.",
  },
  {
    icon: IndianRupee,
    title: "Earn on your terms",
    text: "Offer sessions pro bono or set your own hourly rate; payouts go to your Indian bank account.",
  },
  {
    icon: CalendarClock,
    title: "Your schedule",
    text: "Choose the hours you are free each week. Seekers book 15 or 30-minute video calls inside them.",
  },
  {
    icon: Globe2,
    title: "A global community",
    text: "Meet people from every corner of the world who are about to walk the path you know.",
  },
] as const;

const WHO = [
  "You have changed careers, countries, industries or degrees, and lived to tell the tale",
  "You have a few years of work experience and can speak honestly about what it was like",
  "You enjoy listening and can give practical, kind advice within your expertise",
  "You will keep conversations confidential and on the platform",
] as const;

const HOW = [
  {
    icon: ClipboardList,
    title: "Apply in five steps",
    text: "Tell us about yourself, your expertise and when you are free. Your progress is saved as you go.",
  },
  {
    icon: UserCheck,
    title: "We review your profile",
    text: "Our team checks every application, usually within a few days, and e-mails you the result.",
  },
  {
    icon: Sparkles,
    title: "Go live and get booked",
    text: "Once approved, your profile appears in search and seekers can book sessions with you.",
  },
] as const;

const VOICES = [
  {
    text: "Two calls a week with people moving to Canada keeps me connected to why I moved in the first place.",
    author: "Rohan M.",
    role: "Engineering Manager, Toronto",
  },
  {
    text: "I answer the questions I had when I left Mumbai for Dubai. It takes an hour a week and it matters.",
    author: "Farah K.",
    role: "Finance Lead, Dubai",
  },
  {
    text: "Setting it up took twenty minutes, and my first seeker booked me the day I was approved.",
    author: "Meera S.",
    role: "Product Designer, Berlin",
  },
] as const;

export function BecomeAdvisorLanding({ cta }: { cta: ReactNode }) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-canvas">
        <div className="mx-auto grid max-w-5xl justify-items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-surface px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
            <BadgeCheck className="size-4" aria-hidden="true" /> For people who have been there
          </p>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Share what you learned the hard way. Become an advisor.
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            Seekers are planning a new job, a new country or a new degree. Your lived experience is
            the guidance they are looking for.
          </p>
          {cta}
        </div>
      </section>
      <Section title="Why join BeenThere">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {WHY_JOIN.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="grid content-start gap-2 p-5">
              <Icon className="size-6 text-brand-700" aria-hidden="true" />
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted">{text}</p>
            </Card>
          ))}
        </div>
      </Section>
      <Section title="Who can be an advisor">
        <ul className="mx-auto grid max-w-3xl gap-3">
          {WHO.map((line) => (
            <li
              key={line}
              className="flex items-start gap-3 rounded-lg bg-surface p-4 ring-1 ring-line"
            >
              <BadgeCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
              {line}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How it works">
        <ol className="grid gap-4 md:grid-cols-3">
          {HOW.map(({ icon: Icon, title, text }, i) => (
            <li
              key={title}
              className="grid content-start gap-2 rounded-card bg-surface p-5 ring-1 ring-line"
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-brand-700">
                <Icon className="size-5" aria-hidden="true" /> Step {i + 1}
              </span>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
      <Section title="What our advisors say">
        <ul className="grid gap-4 md:grid-cols-3">
          {VOICES.map((v) => (
            <li key={v.author}>
              <Card className="grid h-full content-between gap-4 p-5">
                <Quote className="size-6 text-accent-600" aria-hidden="true" />
                <p className="text-slate-700">{v.text}</p>
                <p className="text-sm">
                  <span className="font-semibold">{v.author}</span>
                  <span className="text-muted"> · {v.role}</span>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <EmployerStrip />
      <section className="bg-brand-800 text-white">
        <div className="mx-auto grid max-w-3xl justify-items-center gap-4 px-4 py-14 text-center">
          <h2 className="text-3xl font-bold">Ready to help someone take the leap?</h2>
          <p className="text-brand-100">
            It takes about fifteen minutes, and you can stop and continue any time.
          </p>
          {cta}
        </div>
      </section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <h2 id={id} className="mb-8 text-center text-3xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
