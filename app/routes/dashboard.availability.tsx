import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useFetcher, useRevalidator } from "react-router";
import { validateAvailability } from "../../core/availability";
import { requireAdvisor } from "../../server/auth/session.server";
import { loadEditableSchedule, saveSchedule } from "../../server/scheduling/schedule.server";
import { AvailabilityEditor } from "../components/availability/availability-editor";
import { GoogleCalendarCard } from "../components/availability/google-calendar-card";
import { BackLink } from "../components/ui/back-link";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LeaveGuard } from "../components/ui/leave-guard";
import { toast } from "../components/ui/toaster";
import { CONNECTION_LOST, offlineSafe } from "../lib/offline-safe";
import { readForm } from "../lib/request-body";
import type { Route } from "./+types/dashboard.availability";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { BOOKING_WINDOW_DAYS, MIN_LEAD_HOURS } from "../../core/booking-limits";

const SAVED_MESSAGE = "Availability saved successfully";
const LOAD_FAILED_MESSAGE = "Unable to load availability. Please refresh or try again.";

export function meta() {
  return [{ title: "Your availability | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { advisorId } = await requireAdvisor(request, context);
  try {
    const googleCalendar = {
      enabled: context.ownCalendars !== null,
      connection: (await context.ownCalendars?.view(advisorId)) ?? null,
    };
    return { advisorId, googleCalendar, ...(await loadEditableSchedule(context.db, advisorId)) };
  } catch (error) {
    // The page stays, with a way to try again, rather than the site's error page.
    context.logger.error({ err: error, advisorId }, "could not load the availability schedule");
    return { advisorId, loadFailed: true as const };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdvisor(request, context);
  // A week of half hours is a few kilobytes of JSON, well within readForm's limit.
  const form = await readForm(request);
  const result = await saveSchedule(context.db, viewer.advisorId, form.get("availability"));
  if (result.ok) return { ok: true as const, message: SAVED_MESSAGE };
  if (result.status === 500) {
    context.logger.error({ err: result.cause, advisorId: viewer.advisorId }, result.message);
  }
  return data({ ok: false as const, message: result.message }, { status: result.status });
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

export default function AvailabilityPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to="/dashboard">Back to dashboard</BackLink>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">Your availability</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Choose the hours you can take sessions each week. Seekers see them in their own time zone
        and can book from {MIN_LEAD_HOURS} hours to {BOOKING_WINDOW_DAYS} days ahead.
      </p>
      {"loadFailed" in loaderData ? (
        <LoadFailed />
      ) : (
        <>
          <ScheduleForm loaded={loaderData} />
          <GoogleCalendarCard
            enabled={loaderData.googleCalendar.enabled}
            connection={loaderData.googleCalendar.connection}
            timeZone={loaderData.ownTimeZone}
          />
        </>
      )}
    </div>
  );
}

function LoadFailed() {
  const revalidator = useRevalidator();
  return (
    <Card role="alert" className="mt-6 grid justify-items-start gap-4 p-6">
      <p className="text-danger">{LOAD_FAILED_MESSAGE}</p>
      <Button
        type="button"
        variant="outline"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state !== "idle"}
      >
        Try Again
      </Button>
    </Card>
  );
}

type Loaded = Exclude<Route.ComponentProps["loaderData"], { loadFailed: true }>;

function ScheduleForm({ loaded: loaderData }: { loaded: Loaded }) {
  const [value, setValue] = useState(loaderData.schedule);
  const [error, setError] = useState<string | null>(null);
  const fetcher = useFetcher<typeof action>();
  const saving = fetcher.state !== "idle";
  const edited = JSON.stringify(value) !== JSON.stringify(loaderData.schedule);
  const unsaved = !loaderData.saved || edited;

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else
      toast.error(fetcher.data.message, {
        description: "Your previous availability is unchanged.",
      });
  }, [fetcher.data]);

  const save = () => {
    // The server checks again; this only saves a round trip for the common mistakes.
    const check = validateAvailability(value);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    void fetcher.submit({ availability: JSON.stringify(check.schedule) }, { method: "post" });
  };

  return (
    <>
      {loaderData.saved ? null : (
        <p className="mt-4 rounded-lg border border-accent-400 bg-amber-50 p-3 text-sm text-amber-900">
          This is a suggested schedule (weekdays 9:00-17:00). Adjust it and save to let seekers book
          you.
        </p>
      )}
      <LeaveGuard when={edited && !saving} what="your availability" />
      <Card className="mt-6 grid gap-6 p-4 sm:p-6">
        <AvailabilityEditor
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          ownTimeZone={loaderData.ownTimeZone}
          error={error}
        />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          {loaderData.isPublic ? (
            <Link
              to={`/advisor/${loaderData.advisorId}`}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              View your public profile <ExternalLink className="size-4" aria-hidden="true" />
            </Link>
          ) : (
            <span className="text-sm text-muted">
              Seekers can book you once your profile is approved.
            </span>
          )}
          <div className="flex items-center gap-3">
            {unsaved ? <span className="text-sm text-muted">Unsaved changes</span> : null}
            <Button type="button" onClick={save} disabled={saving}>
              {saving ? "Saving..." : "Save availability"}
            </Button>
          </div>
        </div>
      </Card>
    </>
  );
}
