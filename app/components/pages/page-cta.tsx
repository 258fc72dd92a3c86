import { Link } from "react-router";
import { DISCOVERY_MINUTES } from "../../../core/booking-limits";
import { Button } from "../ui/button";

/** The closing invitation on the about page: book a call, browse advisors, or become one. */
export function PageCta() {
  return (
    <section
      aria-labelledby="page-cta-heading"
      className="relative isolate overflow-hidden rounded-card bg-brand-800 px-6 py-10 text-center text-white shadow-card sm:px-10 sm:py-12"
    >
      <div
        aria-hidden="true"
        className="absolute -top-20 -right-20 -z-10 size-64 rounded-full bg-brand-600/40 blur-3xl"
      />
      <h2 id="page-cta-heading" className="text-2xl font-bold sm:text-3xl">
        Talk to someone who has been there
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-100">
        Start with a free {DISCOVERY_MINUTES}-minute discovery call, browse advisors yourself, or
        share your own journey as an advisor.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
        <Button asChild size="lg" variant="accent" className="focus-visible:outline-white">
          <Link to="/free-discovery-call">Book Free Discovery Call</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="outline"
          className="border-transparent focus-visible:outline-white"
        >
          <Link to="/advisors">Find Advisors</Link>
        </Button>
        <Button
          asChild
          size="lg"
          variant="ghost"
          className="border border-white/50 text-white hover:bg-white/10 hover:text-white focus-visible:outline-white"
        >
          <Link to="/join-as-advisor">Join as Advisor</Link>
        </Button>
      </div>
    </section>
  );
}
