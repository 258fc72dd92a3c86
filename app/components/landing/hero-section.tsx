import { useState } from "react";
import { Link } from "react-router";
import {
  advisorSearchHref,
  HERO_HEADING_END,
  HERO_HEADING_START,
  HERO_PHRASES,
  HERO_SCREEN_READER_TOPIC,
  HERO_SHORT_PHRASES,
  HERO_TAGLINE,
  PHRASE_ROTATION_MS,
  QUICK_TOPICS,
  SEARCH_PLACEHOLDERS,
} from "../../../core/landing-content";
import { AdvisorSearchForm } from "./advisor-search-form";
import { TypewriterTopic } from "./typewriter-topic";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

export function HeroSection() {
  const reducedMotion = usePrefersReducedMotion();
  // Anything that moves for more than 5 seconds can be paused (WCAG 2.2.2).
  const [paused, setPaused] = useState(false);
  const animate = !reducedMotion && !paused;
  return (
    // Above the sections that follow, so that the search box's suggestions can open over them.
    <section className="relative isolate z-10 bg-gradient-to-b from-brand-50 via-brand-50/60 to-canvas">
      {/* A soft glow; a gradient rather than a blurred circle, which is slow to paint. Only
          the glow is clipped, not the suggestions. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 overflow-hidden">
        <div className="absolute -top-48 left-1/2 size-[44rem] -translate-x-1/2 bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--color-brand-100)_70%,transparent),transparent)]" />
      </div>
      <div className="mx-auto grid max-w-5xl grid-cols-1 justify-items-center gap-6 px-4 pt-14 pb-10 text-center sm:px-6 sm:pt-20 sm:pb-12">
        <p className="rounded-full border border-brand-200 bg-surface/80 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
          Advice from people who have lived it
        </p>
        <h1 className="grid w-full gap-1 text-3xl leading-tight font-bold sm:text-5xl lg:text-[3.5rem]">
          <span>{HERO_HEADING_START}</span>{" "}
          <span className="sr-only">{HERO_SCREEN_READER_TOPIC}</span>{" "}
          <TypewriterTopic
            phrases={HERO_PHRASES}
            intervalMs={PHRASE_ROTATION_MS}
            animate={animate}
            testId="hero-topic"
            className="hidden sm:grid"
          />
          <TypewriterTopic
            phrases={HERO_SHORT_PHRASES}
            intervalMs={PHRASE_ROTATION_MS}
            animate={animate}
            testId="hero-topic-short"
            className="sm:hidden"
          />{" "}
          <span>{HERO_HEADING_END}</span>
        </h1>
        {/* In the server markup too (hidden by CSS for reduced motion), so that nothing below
            it moves when the page hydrates. */}
        <button
          type="button"
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
          className="-mt-3 rounded-md px-2 py-1 text-xs font-medium text-muted hover:text-brand-700 motion-reduce:hidden"
        >
          {paused ? "Play topic animation" : "Pause topic animation"}
        </button>
        <p className="max-w-2xl text-lg text-muted sm:text-xl">{HERO_TAGLINE}</p>
        <AdvisorSearchForm
          id="hero-search"
          label="What advice are you seeking?"
          placeholder={SEARCH_PLACEHOLDERS.hero}
          buttonLabel="Find Advisors"
          className="mt-2 max-w-2xl"
        />
        <div className="grid max-w-3xl justify-items-center gap-3">
          <p id="quick-topics-label" className="text-sm font-medium text-muted">
            Popular right now
          </p>
          <ul aria-labelledby="quick-topics-label" className="flex flex-wrap justify-center gap-2">
            {QUICK_TOPICS.map((topic) => (
              <li key={topic}>
                <Link
                  to={advisorSearchHref(topic)}
                  className="inline-flex min-h-9 items-center rounded-full border border-brand-200 bg-surface px-3.5 text-sm font-medium text-brand-800 transition-colors hover:border-brand-400 hover:bg-brand-50"
                >
                  {topic}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
