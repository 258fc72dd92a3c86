import { useMemo, useState } from "react";
import {
  cellsToWindows,
  WEEKDAY_NAMES,
  weekSummary,
  windowsToCells,
} from "../../../core/availability";
import type { WeeklySchedule } from "../../../core/slots";
import { timeZoneOptions } from "../../../core/time-zones";
import { Button } from "../ui/button";
import { DialogContent, Dialog } from "../ui/dialog";
import { toast } from "../ui/toaster";
import { AvailabilityGrid } from "./availability-grid";
import { TimeZoneSelect } from "./time-zone-select";
import { FieldError } from "../ui/form-field";

/**
 * The weekly availability editor: a time zone and a grid of half hours. Controlled (the
 * parent holds the value and decides when to save), so the dashboard page, the application
 * wizard, the profile edit form and the admin add-advisor form can all embed it. With
 * `name`, the value also travels in a hidden field of the surrounding form, as JSON.
 */
export function AvailabilityEditor({
  value,
  onChange,
  ownTimeZone,
  error,
  name,
  idPrefix = "availability",
}: {
  value: WeeklySchedule;
  onChange: (next: WeeklySchedule) => void;
  /** The advisor's own zone, offered besides the usual twelve. */
  ownTimeZone?: string;
  /** A validation message to show under the grid (e.g. no slot selected). */
  error?: string | null;
  name?: string;
  idPrefix?: string;
}) {
  const cells = useMemo(() => windowsToCells(value.windows), [value.windows]);
  const [pendingZone, setPendingZone] = useState<string | null>(null);
  const ids = {
    zone: `${idPrefix}-zone`,
    title: `${idPrefix}-grid-title`,
    help: `${idPrefix}-grid-help`,
    error: `${idPrefix}-error`,
  };

  const setCells = (next: Set<number>) =>
    onChange({ timeZone: value.timeZone, windows: cellsToWindows(next) });

  // Windows are wall-clock times in the zone, so a new zone would silently move every hour:
  // the schedule is cleared instead, after a confirmation when there is something to lose.
  const changeZone = (zone: string) => {
    if (zone === value.timeZone) return;
    if (cells.size === 0) onChange({ timeZone: zone, windows: {} });
    else setPendingZone(zone);
  };
  const confirmZone = () => {
    if (!pendingZone) return;
    onChange({ timeZone: pendingZone, windows: {} });
    toast.info("Timezone Changed", {
      description: `Your times are now in ${pendingZone.replaceAll("_", " ")}. Please set your new availability.`,
    });
    setPendingZone(null);
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TimeZoneSelect
          id={ids.zone}
          label="Your time zone"
          value={value.timeZone}
          options={timeZoneOptions(ownTimeZone ?? value.timeZone)}
          onChange={changeZone}
          className="w-full sm:w-80"
        />
        <div className="flex items-center gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {cells.size / 2} {cells.size === 2 ? "hour" : "hours"} a week
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={cells.size === 0}
            onClick={() => setCells(new Set())}
          >
            Clear all
          </Button>
        </div>
      </div>
      <WeekAtAGlance cells={cells} />
      <div className="grid gap-1">
        <p id={ids.title} className="font-semibold">
          Weekly availability
        </p>
        <p id={ids.help} className="text-sm text-muted">
          Click or drag across the grid to mark the half hours you can take sessions. With a
          keyboard, move with the arrow keys and press Space to select or clear.
        </p>
      </div>
      <AvailabilityGrid
        cells={cells}
        onCellsChange={setCells}
        labelledBy={ids.title}
        describedBy={error ? `${ids.help} ${ids.error}` : ids.help}
        invalid={Boolean(error)}
      />
      <Legend />
      <FieldError id={ids.error} error={error} />
      {name ? <input type="hidden" name={name} value={JSON.stringify(value)} /> : null}
      <Dialog open={pendingZone !== null} onOpenChange={(open) => !open && setPendingZone(null)}>
        <DialogContent
          title="Change your time zone?"
          description="Your availability is saved as local times in your time zone. Changing it clears your weekly schedule, so you will need to select your hours again."
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setPendingZone(null)}>
              Cancel
            </Button>
            <Button type="button" onClick={confirmZone}>
              Change and clear schedule
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function Legend() {
  const items = [
    ["bg-brand-500", "Available"],
    ["border border-line bg-surface", "Not available"],
    ["bg-slate-100", "Outside 8:00-22:00"],
  ] as const;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" aria-label="Legend">
      {items.map(([swatch, text]) => (
        <li key={text} className="flex items-center gap-1.5">
          <span className={`size-3 rounded-sm ${swatch}`} aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  );
}

/** Each day's hours in words, so the whole week shows however far the grid is scrolled. */
function WeekAtAGlance({ cells }: { cells: ReadonlySet<number> }) {
  const days = weekSummary(cells);
  if (days.length === 0) return null;
  return (
    <ul aria-label="Your week" className="flex flex-wrap gap-2 text-sm">
      {days.map(({ day, hours }) => (
        <li key={day} className="rounded-md bg-brand-50 px-2 py-1 text-ink">
          <span className="font-semibold">{WEEKDAY_NAMES[day].slice(0, 3)}</span> {hours}
        </li>
      ))}
    </ul>
  );
}
