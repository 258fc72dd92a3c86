import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { SEARCH_PLACEHOLDERS } from "../../../core/landing-content";
import type { AdvisorCardData } from "../../../core/advisor-card";
import { AdvisorCard } from "../advisors/advisor-card";
import { Button } from "../ui/button";
import { AdvisorSearchForm } from "./advisor-search-form";

/** 'Meet Our Advisors': the second search box and up to 9 approved advisors. */
export function AdvisorsSection({ advisors }: { advisors: readonly AdvisorCardData[] }) {
  return (
    <section aria-labelledby="advisors-heading" className="bg-canvas py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 sm:px-6">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_auto] lg:items-end">
          <div className="grid gap-2">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Advisors</p>
            <h2 id="advisors-heading" className="text-3xl font-bold sm:text-4xl">
              Meet Our Advisors
            </h2>
            <p className="max-w-2xl text-muted">
              Engineers, consultants, HR leaders and founders who have made the move you are
              planning, in India and abroad.
            </p>
          </div>
          <AdvisorSearchForm
            id="advisor-search"
            label="Search advisors"
            placeholder={SEARCH_PLACEHOLDERS.advisors}
            buttonLabel="Search"
            size="md"
            className="lg:w-[34rem]"
          />
        </div>

        {advisors.length > 0 ? (
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {advisors.map((advisor) => (
              <AdvisorCard key={advisor.id} advisor={advisor} />
            ))}
          </div>
        ) : (
          <p className="rounded-card border border-dashed border-line bg-surface p-8 text-center text-muted">
            New advisors are being approved right now. Check back soon, or book a free discovery
            call and we will match you with the right person.
          </p>
        )}

        <div className="flex justify-center">
          <Button asChild variant="outline" size="lg">
            <Link to="/advisors">
              Explore All Advisors
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
