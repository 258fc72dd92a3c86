import { AlertTriangle, CalendarCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import type { CalendarConnectionView } from "../../../core/advisor-calendar";
import { formatSessionTime } from "../../../core/format";
import { ADVISOR_CALENDAR_MESSAGES as M } from "../../../core/messages/advisor-calendar";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Label, Select } from "../ui/input";
import { toast } from "../ui/toaster";

const ACTION = "/dashboard/availability/google-calendar";
type Answer = { ok: boolean; message: string };

/**
 * The availability page's Google Calendar card: connect, choose the calendars that block
 * slots and the one sessions go to, see whether Google answers, disconnect.
 */
export function GoogleCalendarCard({
  enabled,
  connection,
  timeZone,
}: {
  enabled: boolean;
  connection: CalendarConnectionView | null;
  timeZone: string;
}) {
  return (
    <Card className="mt-6 grid gap-4 p-4 sm:p-6" aria-labelledby="google-calendar-title">
      <div className="flex items-start gap-3">
        <CalendarCheck className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="google-calendar-title" className="text-lg font-semibold">
            {M.title}
          </h2>
          <p className="text-sm text-muted">{M.intro}</p>
        </div>
      </div>
      {!enabled ? (
        <div className="rounded-lg border border-line bg-slate-50 p-3 text-sm">
          <p className="font-medium">{M.notEnabled}</p>
          <p className="mt-1 text-muted">{M.notEnabledDetail}</p>
        </div>
      ) : connection ? (
        // Keyed by the saved choice: a new one from the server starts the form afresh.
        <Connected
          key={JSON.stringify([connection.busyCalendarIds, connection.eventCalendarId])}
          connection={connection}
          timeZone={timeZone}
        />
      ) : (
        <ConnectButton label={M.connect} />
      )}
    </Card>
  );
}

/** A plain form: the answer is a redirect to Google, so the browser follows it itself. */
function ConnectButton({ label }: { label: string }) {
  return (
    <form method="post" action={ACTION} className="justify-self-start">
      <input type="hidden" name="intent" value="connect" />
      <Button type="submit">{label}</Button>
    </form>
  );
}

/** The warning the availability page and the dashboard show while Google is not answering. */
export function CalendarWarning({ status }: { status: CalendarConnectionView["status"] }) {
  if (status === "ok") return null;
  const revoked = status === "revoked";
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-accent-400 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{revoked ? M.revoked : M.notAnswering}</p>
        <p>{revoked ? M.revokedDetail : M.notAnsweringDetail}</p>
      </div>
    </div>
  );
}

function Connected({
  connection,
  timeZone,
}: {
  connection: CalendarConnectionView;
  timeZone: string;
}) {
  const save = useFetcher<Answer>();
  const disconnect = useFetcher<Answer>();
  const [busy, setBusy] = useState(connection.busyCalendarIds);
  const [event, setEvent] = useState(connection.eventCalendarId ?? "");
  useAnswerToast(save.data);
  useAnswerToast(disconnect.data);
  const writable = connection.calendars.filter((c) => c.writable);

  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium break-words">{M.connectedAs(connection.googleEmail)}</p>
      <CalendarWarning status={connection.status} />
      {connection.status === "revoked" ? <ConnectButton label={M.reconnect} /> : null}
      {connection.calendars.length === 0 ? (
        <p className="text-sm text-muted">{M.noCalendars}</p>
      ) : (
        <save.Form method="post" action={ACTION} className="grid gap-4">
          <input type="hidden" name="intent" value="save" />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium text-ink">{M.busyLegend}</legend>
            <p className="text-sm text-muted">{M.busyHint}</p>
            {connection.calendars.map((calendar) => (
              <label key={calendar.id} className="flex items-center gap-2 text-sm break-all">
                <input
                  type="checkbox"
                  name="busy"
                  value={calendar.id}
                  checked={busy.includes(calendar.id)}
                  onChange={(e) =>
                    setBusy((now) =>
                      e.target.checked
                        ? [...now, calendar.id]
                        : now.filter((id) => id !== calendar.id),
                    )
                  }
                  className="size-4 shrink-0 accent-brand-700"
                />
                {calendar.name}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1.5 sm:max-w-sm">
            <Label htmlFor="google-calendar-event">{M.eventLabel}</Label>
            <Select
              id="google-calendar-event"
              name="event"
              value={event}
              onChange={(e) => setEvent(e.target.value)}
            >
              <option value="">{M.noEvents}</option>
              {writable.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.name}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" className="justify-self-start" disabled={save.state !== "idle"}>
            {save.state !== "idle" ? M.saving : M.save}
          </Button>
        </save.Form>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        <p className="text-sm text-muted">
          {connection.busyCheckedAt
            ? M.checkedAt(formatSessionTime(new Date(connection.busyCheckedAt), timeZone))
            : null}
        </p>
        <disconnect.Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="disconnect" />
          <Button type="submit" variant="outline" disabled={disconnect.state !== "idle"}>
            {disconnect.state !== "idle" ? M.disconnecting : M.disconnect}
          </Button>
        </disconnect.Form>
      </div>
    </div>
  );
}

function useAnswerToast(answer: Answer | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [answer]);
}
