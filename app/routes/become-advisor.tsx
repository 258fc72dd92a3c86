import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { getViewer } from "../../server/auth/session.server";
import { AlreadyAdvisor } from "../components/advisor/already-advisor";
import { BecomeAdvisorLanding } from "../components/advisor/become-advisor-landing";
import { Button } from "../components/ui/button";
import type { Route } from "./+types/become-advisor";
import { type CacheHandle, PAGE, STATIC } from "../../core/cache-contract";

export const APPLY_PATH = "/become-advisor/apply";

/** Served at /become-advisor and at /join-as-advisor (where the header button leads). */
export function meta({ location }: Route.MetaArgs) {
  const title = location.pathname.startsWith("/join-as-advisor")
    ? "Join as an Advisor"
    : "Become An Advisor";
  return [
    { title: `${title} | BeenThere` },
    {
      name: "description",
      content:
        "Share the career, relocation and study moves you have made. Apply in five steps to advise seekers on BeenThere.",
    },
  ];
}

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  return { signedIn: viewer !== null, isAdvisor: viewer?.advisorStatus != null };
}

export default function BecomeAdvisor({ loaderData }: Route.ComponentProps) {
  if (loaderData.isAdvisor) return <AlreadyAdvisor />;
  const to = loaderData.signedIn
    ? APPLY_PATH
    : `/auth?redirect=${encodeURIComponent("/become-advisor")}`;
  return (
    <BecomeAdvisorLanding
      cta={
        <Button asChild size="lg" variant="accent">
          <Link to={to}>
            Become an Advisor
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    />
  );
}
