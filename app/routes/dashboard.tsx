import { requireViewer } from "../../server/auth/session.server";
import { ROLE_LABELS } from "../../core/roles";
import { Link } from "react-router";
import { AdvisorStatusPanel } from "../components/advisor/advisor-status-panel";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: "Dashboard | BeenThere" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer(request, context);
  return {
    name: `${viewer.firstName} ${viewer.lastName}`.trim(),
    email: viewer.email,
    role: viewer.role,
    isAdvisor: viewer.advisorId !== null,
    advisorId: viewer.advisorId,
    advisorStatus: viewer.advisorStatus,
  };
}

/** Who is signed in; the role dashboards of spec part 2 build on this page. */
export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold">Welcome, {loaderData.name}</h1>
      <Card className="mt-6 grid gap-1 p-6">
        <p>
          Signed in as <strong>{loaderData.email}</strong>
        </p>
        <p className="text-muted">Viewing as: {ROLE_LABELS[loaderData.role]}</p>
      </Card>
      {loaderData.advisorId && loaderData.advisorStatus ? (
        <AdvisorStatusPanel advisorId={loaderData.advisorId} status={loaderData.advisorStatus} />
      ) : null}
      {loaderData.isAdvisor ? (
        <Card className="mt-4 flex flex-wrap items-center justify-between gap-4 p-6">
          <div>
            <h2 className="font-semibold">Your weekly availability</h2>
            <p className="text-sm text-muted">Choose the hours seekers can book you.</p>
          </div>
          <Button asChild>
            <Link to="/dashboard/availability">Edit availability</Link>
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
