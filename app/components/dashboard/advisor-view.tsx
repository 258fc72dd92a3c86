import { CalendarDays, IndianRupee, MessageCircle, Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatInr, formatPaise } from "../../../core/format";
import { STATUS_BANNERS } from "../../../core/messages/advisor";
import { ADVISOR_CALENDAR_MESSAGES } from "../../../core/messages/advisor-calendar";
import { EARNINGS_MESSAGES } from "../../../core/messages/earnings";
import { QUESTION_MESSAGES } from "../../../core/messages/questions";
import { PACKAGE_MESSAGES } from "../../../core/messages/packages";
import { displayRating } from "../../../core/sessions";
import type { AdvisorStats } from "../../../core/dashboard";
import { PaymentSettingsDialog } from "../advisor/payment-settings-dialog";
import { CalendarWarning } from "../availability/google-calendar-card";
import { Button } from "../ui/button";
import { Badge, Card } from "../ui/card";
import { StatTile, TileGrid, TilesAndSessions } from "./stat-tile";

const STATUS_LABELS: Record<string, string> = {
  draft: "Draft",
  pending: "Pending",
  pending_activation: "Pending Activation",
  approved: "Approved",
  rejected: "Rejected",
};

export function AdvisorView({
  stats,
  children,
}: {
  stats: AdvisorStats | null;
  children: ReactNode;
}) {
  if (!stats) {
    return (
      <Card className="grid gap-3 p-8 text-center">
        <h2 className="text-xl font-semibold">Complete Your Advisor Profile</h2>
        <p className="text-muted">Tell seekers about your experience to start taking sessions.</p>
        <Button asChild className="mx-auto w-fit">
          <Link to="/become-advisor">Complete Application</Link>
        </Button>
      </Card>
    );
  }
  const inactive = stats.status === "approved" && !stats.isActive;
  const tone =
    stats.status === "approved" && !inactive
      ? "brand"
      : stats.status === "rejected"
        ? "danger"
        : "warning";
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-muted">Profile status</span>
        <Badge tone={tone} data-testid="advisor-status">
          {inactive ? "Inactive" : (STATUS_LABELS[stats.status] ?? stats.status)}
        </Badge>
      </div>
      {stats.calendarStatus && stats.calendarStatus !== "ok" ? (
        <div className="grid gap-2">
          <CalendarWarning status={stats.calendarStatus} />
          <Link
            to="/dashboard/availability"
            className="justify-self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {ADVISOR_CALENDAR_MESSAGES.manage}
          </Link>
        </div>
      ) : null}
      {stats.status !== "approved" ? (
        <p
          role="status"
          className="rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {stats.status === "pending" ? STATUS_BANNERS.pending : STATUS_BANNERS.other}
        </p>
      ) : stats.profileChanges ? (
        <p
          role="status"
          className={
            stats.profileChanges === "rejected"
              ? "rounded-card border border-red-200 bg-red-50 p-4 text-sm text-red-900"
              : "rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          }
        >
          {stats.profileChanges === "rejected"
            ? STATUS_BANNERS.changesRejected
            : STATUS_BANNERS.changesWaiting}{" "}
          <Link to={`/advisor/${stats.id}/edit`} className="font-medium underline">
            {stats.profileChanges === "rejected" ? "See why" : "See your changes"}
          </Link>
        </p>
      ) : null}
      <TilesAndSessions
        sessions={children}
        tiles={
          <TileGrid>
            <StatTile icon={CalendarDays} label="Total Bookings" value={stats.totalBookings} />
            <StatTile
              icon={IndianRupee}
              label="Earnings"
              value={formatPaise(stats.earnedPaise)}
              note={EARNINGS_MESSAGES.dashboardTileNote}
              to="/dashboard/earnings"
            />
            <StatTile
              icon={Star}
              label="Rating"
              value={displayRating(stats.rating?.average ?? null)}
              note={
                stats.rating
                  ? `${stats.rating.count} review${stats.rating.count === 1 ? "" : "s"}`
                  : "No reviews yet"
              }
            />
            <StatTile icon={MessageCircle} label="Response Rate" value="100%" />
          </TileGrid>
        }
      />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card className="grid gap-3 p-6">
          <h2 className="text-lg font-semibold">Profile Info</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted">Hourly rate</dt>
            <dd>
              {stats.hourlyRateInr === 0
                ? "Pro bono"
                : `${formatInr(stats.hourlyRateInr)} per hour`}
            </dd>
            <dt className="text-muted">Experience</dt>
            <dd>{stats.experienceYears ?? 0} years</dd>
            <dt className="text-muted">Status</dt>
            <dd>{STATUS_LABELS[stats.status] ?? stats.status}</dd>
          </dl>
        </Card>
        <Card className="grid content-start gap-3 p-6">
          <h2 className="text-lg font-semibold">Your profile</h2>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to={`/advisor/${stats.id}/edit`}>Edit Profile</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/availability">Edit availability</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/packages">{PACKAGE_MESSAGES.dashboardLink}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/questions">{QUESTION_MESSAGES.offerHeading}</Link>
            </Button>
          </div>
        </Card>
        <PaymentSettingsDialog />
      </div>
    </>
  );
}
