import { type KeyboardEvent, useRef, useState } from "react";
import {
  CELLS_PER_DAY,
  cellIndex,
  cellLabel,
  cellPosition,
  earliestSelectedSlot,
  minutesToClock,
  WEEKDAY_NAMES,
  WEEKDAYS,
  WORKING_HOURS,
} from "../../../core/availability";
import type { IsoWeekday } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { useGridDrag } from "./use-grid-drag";

const SLOTS = Array.from({ length: CELLS_PER_DAY }, (_, slot) => slot);
const WORK_START = WORKING_HOURS.start * 2;
const WORK_END = WORKING_HOURS.end * 2;
/** Keys that move focus, as (days, half hours) steps; PageUp/PageDown jump four hours. */
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  PageUp: [0, -8],
  PageDown: [0, 8],
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Monday-Sunday × 48 half-hour cells. A mouse or pen drags a rectangle (selecting if it
 * started on a free cell, clearing otherwise); a finger taps single cells, so the grid still
 * scrolls by touch; the keyboard moves with arrows and toggles with Space or Enter
 * (Shift+arrow carries the current cell's state along).
 */
export function AvailabilityGrid({
  cells,
  onCellsChange,
  labelledBy,
  describedBy,
  invalid = false,
}: {
  cells: ReadonlySet<number>;
  onCellsChange: (next: Set<number>) => void;
  labelledBy: string;
  describedBy?: string;
  /** Marks the cell that takes focus, so a form's "focus the first invalid control" lands here. */
  invalid?: boolean;
}) {
  const gridRef = useRef<HTMLDivElement>(null);
  // The keyboard starts on Monday at the advisor's earliest half hour (or 8:00).
  const [focused, setFocused] = useState(() =>
    cellIndex(1, earliestSelectedSlot(cells) ?? WORK_START),
  );
  const drag = useGridDrag({ cells, onCellsChange, onFocusCell: setFocused });

  const focusCell = (cell: number) => {
    setFocused(cell);
    const element = gridRef.current?.querySelector<HTMLElement>(`[data-cell="${cell}"]`);
    element?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = Number((event.target as HTMLElement).dataset.cell ?? NaN);
    if (Number.isNaN(cell)) return;
    const { day, slot } = cellPosition(cell);
    const toggle = event.key === " " || event.key === "Enter";
    let target: number | null = null;
    const move = MOVES[event.key];
    if (move) {
      const nextDay = clamp(day + move[0], 1, 7) as IsoWeekday;
      target = cellIndex(nextDay, clamp(slot + move[1], 0, CELLS_PER_DAY - 1));
    } else if (event.key === "Home") target = cellIndex(1, event.ctrlKey ? 0 : slot);
    else if (event.key === "End") target = cellIndex(7, event.ctrlKey ? CELLS_PER_DAY - 1 : slot);
    if (!toggle && target === null) return;
    event.preventDefault();
    const next = new Set(cells);
    if (toggle) {
      if (!next.delete(cell)) next.add(cell);
      onCellsChange(next);
    } else if (target !== null) {
      if (event.shiftKey && target !== cell) {
        if (cells.has(cell)) next.add(target);
        else next.delete(target);
        onCellsChange(next);
      }
      focusCell(target);
    }
  };

  return (
    // No scroll box of its own: all 24 hours of the week are on the page, the days' names
    // staying in view under the site's header as it scrolls.
    <div ref={gridRef} className="rounded-lg border border-line bg-surface">
      <table
        role="grid"
        aria-multiselectable="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className="w-full min-w-[18.5rem] table-fixed border-separate border-spacing-0 select-none"
        onKeyDown={onKeyDown}
        {...drag.handlers}
      >
        <thead>
          <tr>
            <th
              scope="col"
              className="sticky top-16 left-0 z-20 w-12 rounded-tl-lg border-b border-line bg-surface sm:w-16"
            >
              <span className="sr-only">Time</span>
            </th>
            {WEEKDAYS.map((day) => (
              <th
                key={day}
                scope="col"
                className="sticky top-16 z-10 border-b border-l border-line bg-surface py-2 text-xs font-semibold text-ink last:rounded-tr-lg"
              >
                <span aria-hidden="true">{WEEKDAY_NAMES[day].slice(0, 3)}</span>
                <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SLOTS.map((slot) => {
            const onHour = slot % 2 === 0;
            const working = slot >= WORK_START && slot < WORK_END;
            return (
              <tr key={slot} data-slot={slot}>
                <th
                  scope="row"
                  className={cn(
                    "sticky left-0 z-10 bg-surface pr-1.5 text-right align-top text-[11px] leading-none font-normal text-muted tabular-nums sm:pr-2",
                    working ? "text-ink" : "text-muted",
                  )}
                >
                  {/* Each hour labels its line; midnight sits under the days, not behind them. */}
                  <span
                    className={onHour ? (slot === 0 ? "relative" : "relative -top-1.5") : "sr-only"}
                  >
                    {minutesToClock(slot * 30)}
                  </span>
                </th>
                {WEEKDAYS.map((day) => {
                  const cell = cellIndex(day, slot);
                  const selected = cells.has(cell);
                  return (
                    <td
                      key={day}
                      role="gridcell"
                      data-cell={cell}
                      aria-selected={selected}
                      aria-label={cellLabel(day, slot)}
                      tabIndex={cell === focused ? 0 : -1}
                      aria-invalid={(invalid && cell === focused) || undefined}
                      className={cn(
                        "h-6 scroll-mt-28 scroll-ml-12 border-l border-line p-0 outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-900 focus-visible:outline-solid sm:h-7 sm:scroll-ml-16",
                        onHour ? "border-b border-b-slate-100" : "border-b border-b-slate-200",
                        selected
                          ? "bg-brand-500 hover:bg-brand-600"
                          : working
                            ? "bg-surface hover:bg-brand-50"
                            : "bg-slate-100 hover:bg-brand-50",
                        drag.active ? "cursor-crosshair" : "cursor-pointer",
                      )}
                    />
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
