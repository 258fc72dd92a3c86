import { CalendarCheck, Clock, UserCheck, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PENDING_PREVIEW } from "../../../core/sessions";
import type { AdminStats } from "../../../core/dashboard";
import { monthLabel, type NoShowMonth } from "../../../core/no-show";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { StatTile, TileGrid, TilesAndSessions } from "./stat-tile";

export function AdminView({
  stats,
  noShows,
  children,
}: {
  stats: AdminStats;
  noShows?: NoShowMonth[] | null;
  children: ReactNode;
}) {
  return (
    <>
      <TilesAndSessions
        sessions={children}
        tiles={
          <>
            <TileGrid>
              <StatTile icon={Users} label="Total Users" value={stats.totalUsers} />
              <StatTile icon={UserCheck} label="Total Advisors" value={stats.totalAdvisors} />
              <StatTile
                icon={Clock}
                label="Pending Approvals"
                value={stats.pendingApprovals}
                to="/admin/advisors"
                newTab
              />
              <StatTile
                icon={CalendarCheck}
                label="Total Sessions"
                value={`${stats.completedSessions}/${stats.totalSessions}`}
                note="Completed / total"
              />
            </TileGrid>
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/admin/advisors">Manage Advisors</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/users">Manage Users</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/payouts">Payouts</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/audit">Audit Log</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/no-shows">No-shows</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/reports">Reports</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/packages">Packages</Link>
              </Button>
            </div>
          </>
        }
      />
      {noShows ? <NoShowMonths months={noShows} /> : null}
      <Card className="grid min-w-0 gap-4 p-6">
        <h2 className="text-lg font-semibold">Pending Advisor Approvals</h2>
        {stats.pending.length === 0 ? (
          <p className="text-sm text-muted">No applications are waiting.</p>
        ) : (
          <div className="relative min-w-0 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Advisor
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Position
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {stats.pending.map((a) => (
                  <tr key={a.id} className="border-t border-line">
                    <td className="py-2 pr-4">
                      <span className="flex items-center gap-2">
                        {a.headshotUrl ? (
                          <img
                            src={a.headshotUrl}
                            alt=""
                            className="size-8 rounded-full object-cover"
                          />
                        ) : null}
                        {a.firstName} {a.lastName}
                      </span>
                    </td>
                    <td className="py-2 pr-4">
                      {[a.jobTitle, a.company].filter(Boolean).join(" at ")}
                    </td>
                    <td className="py-2 pr-4">{a.email}</td>
                    <td className="py-2 pr-4">
                      <Badge tone="warning">Pending</Badge>
                    </td>
                    <td className="py-2">
                      <Button asChild size="sm" variant="outline">
                        <Link to="/admin/advisors">Review</Link>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {stats.pendingApprovals >= PENDING_PREVIEW ? (
          <Button asChild variant="outline" className="w-fit">
            <Link to="/admin/advisors">View All Pending Approvals</Link>
          </Button>
        ) : null}
      </Card>
    </>
  );
}

/** No-shows per month, India's months, newest first (issue 41). */
function NoShowMonths({ months }: { months: NoShowMonth[] }) {
  return (
    <Card className="grid min-w-0 gap-4 p-6" data-testid="no-show-months">
      <h2 className="text-lg font-semibold">No-shows per Month</h2>
      <div className="relative min-w-0 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Month
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Reported
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Advisor absent
              </th>
              <th scope="col" className="py-2 font-medium">
                Seeker absent
              </th>
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={m.month} className="border-t border-line">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {monthLabel(m.month)}
                </th>
                <td className="py-2 pr-4">{m.reported}</td>
                <td className="py-2 pr-4">{m.advisors}</td>
                <td className="py-2">{m.seekers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
