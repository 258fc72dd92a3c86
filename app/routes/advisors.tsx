import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { advisorSearchUrl } from "../../core/advisor-search-url";
import { toAdvisorCard } from "../../core/advisor-card";
import { ADVISOR_SEARCH_MESSAGES as M } from "../../core/messages/advisor-search";
import { AdvisorCard } from "../components/advisors/advisor-card";
import { AdvisorSearchBox } from "../components/advisors/advisor-search-box";
import { Button } from "../components/ui/button";
import { Pager } from "../components/ui/pager";
import type { Route } from "./+types/advisors";
import { type CacheHandle, DIRECTORY, PAGE, SEARCH_PARAMS } from "../../core/cache-contract";

export function meta({ data }: Route.MetaArgs) {
  const search = data?.search;
  return [
    { title: search ? `${search} - Find Advisors | BeenThere` : "Find Advisors | BeenThere" },
    {
      name: "description",
      content:
        "Search advisors who have made the move you are planning: relocation, study abroad, salary negotiation, job switches and more.",
    },
  ];
}

export const handle: CacheHandle = { cache: { ...PAGE, ...DIRECTORY, params: SEARCH_PARAMS } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const found = await context.directory.searchFor(searchParams, context.config.discoveryAdvisorId);
  return { ...found, advisors: found.advisors.map(toAdvisorCard) };
}

export default function Advisors({ loaderData }: Route.ComponentProps) {
  const { search, total, page, pageCount, advisors, explanation } = loaderData;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6">
      <header className="grid gap-6">
        <h1 className="text-3xl font-bold sm:text-4xl">Find Your Perfect Advisor</h1>
        <AdvisorSearchBox initial={search} />
        <div className="grid gap-1 text-sm text-muted" role="status" aria-live="polite">
          <p>{explanation.showingAll ? M.showingAll : M.found(total)}</p>
          {explanation.showingResultsFor ? (
            <p>
              {M.showingResultsFor}{" "}
              <strong className="font-semibold text-ink">{explanation.showingResultsFor}</strong>
            </p>
          ) : null}
          {explanation.didYouMean ? (
            <p>
              {M.didYouMean}{" "}
              <Link
                to={advisorSearchUrl(explanation.didYouMean)}
                className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                {explanation.didYouMean}
              </Link>
              ?
            </p>
          ) : null}
        </div>
      </header>
      {advisors.length > 0 ? (
        <section aria-labelledby="results-heading" className="mt-8 grid gap-10">
          <h2 id="results-heading" className="sr-only">
            Advisors
          </h2>
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {advisors.map((advisor) => (
              <AdvisorCard key={advisor.id} advisor={advisor} />
            ))}
          </div>
          <Pager page={page} pageCount={pageCount} hrefFor={(p) => advisorSearchUrl(search, p)} />
        </section>
      ) : (
        <div className="mt-8 grid justify-items-center gap-4 rounded-card border border-dashed border-line bg-surface px-6 py-16 text-center">
          <SearchX className="size-10 text-brand-300" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No advisors match &ldquo;{search}&rdquo;</h2>
          <p className="max-w-md text-muted">
            Try fewer or broader words, such as a country, a company or a topic like
            &ldquo;salary&rdquo;.
          </p>
          <Button asChild>
            <Link to="/advisors">Show all advisors</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
