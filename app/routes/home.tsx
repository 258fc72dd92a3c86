import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { listApprovedAdvisors } from "../../server/advisors/advisor-directory.server";
import { AdvisorCard } from "../components/advisors/advisor-card";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import type { Route } from "./+types/home";

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

export async function loader({ context }: Route.LoaderArgs) {
  return { advisors: await listApprovedAdvisors(context.db, { limit: LANDING_ADVISORS }) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-canvas">
        <div className="mx-auto grid max-w-4xl justify-items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <h1 className="text-4xl font-bold sm:text-5xl">
            Get Expert Guidance On <span className="text-brand-700">Your Next Big Move</span>
            <span className="block">From Someone Who&apos;s Been in Your Shoes</span>
          </h1>
          <p className="max-w-2xl text-lg text-muted">
            Talk 1-1 to An Expert Who Knows the Way &amp; Fast-Track Your Rise to Success
          </p>
          <Form
            action="/advisors"
            method="get"
            role="search"
            className="flex w-full max-w-2xl flex-col gap-2 sm:flex-row"
          >
            <label htmlFor="hero-search" className="sr-only">
              What advice are you seeking?
            </label>
            <div className="relative flex-1">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <Input
                id="hero-search"
                name="search"
                placeholder="What advice are you seeking? Eg. Moving to Dubai"
                className="h-12 pl-10 text-base"
              />
            </div>
            <Button type="submit" size="lg">
              Find Advisors
            </Button>
          </Form>
        </div>
      </section>

      <section className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 className="text-3xl font-bold">Meet Our Advisors</h2>
            <p className="mt-1 text-muted">People who have done it, ready to show you how.</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/advisors">Explore All Advisors</Link>
          </Button>
        </div>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.advisors.map((advisor) => (
            <AdvisorCard key={advisor.id} advisor={advisor} />
          ))}
        </div>
      </section>
    </>
  );
}
