import { Suspense, useEffect } from "react";
import { Await, Link, useFetcher } from "react-router";
import { allowedActions } from "../../../core/admin/advisor-status";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import { listAdvisorsForDebug } from "../../../server/advisors/advisor-review.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { readPosition } from "../../../server/db/keyset";
import { ListPager } from "../../components/admin/list-pager";
import { StatusBadge } from "../../components/admin/status-badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/toaster";
import type { Route } from "./+types/advisor-debug";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

/*
 * Advisor rows as stored, for admins checking data: how many there are, and a page of them at a
 * time (by keys, never all of them). Set as Approved posts to the advisor review page's action,
 * so it follows the same transition rule and audit.
 */

export function meta() {
  return [{ title: "Advisor Debug | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const position = readPosition(new URL(request.url).searchParams);
  // Not awaited: the page streams "Loading advisors..." first, then the list or the error.
  const advisors = listAdvisorsForDebug(context.db, position).then(
    (page) => ({ ok: true as const, ...page }),
    (error: unknown) => {
      context.logger.error({ err: error }, "could not list advisors for the debug page");
      return { ok: false as const, message: M.fetchAdvisorsFailed };
    },
  );
  return { advisors };
}

export default function AdvisorDebug({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Advisor Debug</h1>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
      <Suspense fallback={<p className="mt-6 text-muted">{M.loadingAdvisors}</p>}>
        <Await resolve={loaderData.advisors}>
          {(result) =>
            result.ok ? (
              <>
                <p className="mt-4 text-muted" aria-live="polite">
                  Found {result.total} advisors
                </p>
                <ul className="mt-4 grid gap-4">
                  {result.advisors.map((advisor) => (
                    <DebugCard key={advisor.id} advisor={advisor} />
                  ))}
                </ul>
                <ListPager keys={result.keys} filters={{}} className="mt-6" />
              </>
            ) : (
              <Card role="alert" className="mt-6 border-red-200 bg-red-50 p-6">
                <h2 className="font-semibold text-red-900">Error</h2>
                <p className="mt-1 text-red-900">{result.message}</p>
              </Card>
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

type DebugAdvisor = Awaited<ReturnType<typeof listAdvisorsForDebug>>["advisors"][number];

function DebugCard({ advisor }: { advisor: DebugAdvisor }) {
  const fetcher = useFetcher<{ ok: boolean; title: string; message?: string }>();
  const canApprove =
    advisor.profileStatus !== "approved" &&
    allowedActions(advisor.profileStatus).includes("approve");
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.title);
    else toast.error(fetcher.data.title, { description: fetcher.data.message });
  }, [fetcher.data]);
  const rows: [string, string][] = [
    ["ID", advisor.id],
    ["User ID", advisor.userId],
    ["Job title", advisor.jobTitle ?? "—"],
    ["Company", advisor.currentCompany ?? "—"],
    ["Short intro", advisor.shortIntro ?? "—"],
    ["Location", advisor.workLocations.join(", ") || "—"],
    [
      "Experience",
      advisor.totalExperienceYears == null ? "—" : `${advisor.totalExperienceYears} years`,
    ],
    ["LinkedIn URL", advisor.linkedinUrl ? "Yes" : "No"],
    ["Skills", advisor.skills.join(", ") || "—"],
    [
      "Topics",
      [
        ...advisor.careerAdviceTopics,
        ...advisor.personalAdviceTopics,
        ...advisor.businessAdviceTopics,
      ].join(", ") || "—",
    ],
  ];
  return (
    <li>
      <Card className="grid gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="min-w-0 font-semibold break-all">{advisor.jobTitle ?? advisor.id}</h2>
          <StatusBadge status={advisor.profileStatus} userActive />
        </div>
        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted">{label}</dt>
              <dd className="min-w-0 max-sm:mb-1">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/advisor/${advisor.id}`}>View Profile</Link>
          </Button>
          {canApprove ? (
            <fetcher.Form method="post" action="/admin/advisors">
              <input type="hidden" name="advisorId" value={advisor.id} />
              <Button
                type="submit"
                name="intent"
                value="approve"
                size="sm"
                disabled={fetcher.state !== "idle"}
              >
                Set as Approved
              </Button>
            </fetcher.Form>
          ) : null}
        </div>
      </Card>
    </li>
  );
}
