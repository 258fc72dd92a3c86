import { Link } from "react-router";
import { LANDING_CTAS } from "../../../core/landing-content";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";

const STYLES = [
  { variant: "accent", className: "" },
  { variant: "outline", className: "border-transparent" },
  {
    variant: "ghost",
    className: "border border-white/50 text-white hover:bg-white/10 hover:text-white",
  },
] as const;

/** The closing call to action: find an advisor, book a free call, or join as an advisor. */
export function LandingCta() {
  return (
    <section aria-labelledby="cta-heading" className="bg-canvas py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="relative isolate overflow-hidden rounded-card bg-brand-800 px-6 py-14 text-center text-white shadow-card sm:px-12 sm:py-16">
          <div
            aria-hidden="true"
            className="absolute -right-24 -bottom-24 -z-10 size-80 rounded-full bg-brand-600/40 blur-3xl"
          />
          <h2 id="cta-heading" className="mx-auto max-w-2xl text-3xl font-bold sm:text-4xl">
            Your next move is easier with someone who has made it
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-100">
            Find the right advisor, start with a free discovery call, or share what you have learned
            as an advisor yourself.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {LANDING_CTAS.map((cta, index) => {
              const style = STYLES[index] ?? STYLES[0];
              return (
                <Button
                  key={cta.to}
                  asChild
                  size="lg"
                  variant={style.variant}
                  className={cn("focus-visible:outline-white", style.className)}
                >
                  <Link to={cta.to}>{cta.label}</Link>
                </Button>
              );
            })}
          </div>
        </div>
      </div>
    </section>
  );
}
