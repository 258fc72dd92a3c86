import { toAdvisorCard } from "../../core/advisor-card";
import { AdvisorsSection } from "../components/landing/advisors-section";
import { EmployerStrip } from "../components/landing/employer-strip";
import { HeroSection } from "../components/landing/hero-section";
import { LandingCta } from "../components/landing/landing-cta";
import { TestimonialsCarousel } from "../components/landing/testimonials-carousel";
import { WhyChooseSection } from "../components/landing/why-choose-section";
import type { Route } from "./+types/home";
import { type CacheHandle, DIRECTORY, PAGE } from "../../core/cache-contract";

/** At most 9 advisors on the landing page. */
const LANDING_ADVISORS = 9;

export function meta() {
  return [
    { title: "talk to an expert who has been in your shoes before" },
    {
      name: "description",
      content:
        "Book 1-1 video sessions with advisors who have made the move you are planning: careers, relocation, study abroad, salaries and job switches.",
    },
  ];
}

export const handle: CacheHandle = { cache: { ...PAGE, ...DIRECTORY } };

export async function loader({ context }: Route.LoaderArgs) {
  return {
    advisors: (
      await context.directory.listApproved({
        limit: LANDING_ADVISORS,
        teamAdvisorId: context.config.discoveryAdvisorId,
      })
    ).map(toAdvisorCard),
  };
}

/** The landing page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeroSection />
      <AdvisorsSection advisors={loaderData.advisors} />
      <WhyChooseSection />
      <EmployerStrip />
      <TestimonialsCarousel />
      <LandingCta />
    </>
  );
}
