import { LoaderCircle } from "lucide-react";
import { formatLongDate } from "../../../core/format";
import { NO_SLOTS_REASONS } from "../../../core/messages/booking";
import type { AdvisorSlots, OfferedSlot } from "../../../core/slots";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import type { JsonState } from "./use-json";

/** The times of the chosen date: loading, error with Try Again, empty with a reason, or a grid. */
export function SlotPicker({
  state,
  date,
  selected,
  onSelect,
}: {
  state: JsonState<AdvisorSlots> & { retry: () => void };
  date: string;
  selected: string | null;
  onSelect: (slot: OfferedSlot) => void;
}) {
  if (state.status === "idle" || state.status === "loading") {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading available
        times...
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div role="alert" className="grid gap-2 rounded-lg border border-red-200 bg-red-50 p-4">
        <p className="font-semibold text-danger">Error</p>
        <p className="text-sm text-red-900">Failed to load available time slots</p>
        <Button type="button" variant="outline" size="sm" onClick={state.retry} className="w-fit">
          Try Again
        </Button>
      </div>
    );
  }
  const { slots, reason } = state.data;
  if (slots.length === 0) {
    return (
      <div role="status" className="grid gap-1 rounded-lg border border-dashed border-line p-4">
        <p className="font-medium">No available slots for this date</p>
        {reason ? <p className="text-sm text-muted">{NO_SLOTS_REASONS[reason]}</p> : null}
      </div>
    );
  }
  const labelId = `slots-${date}`;
  return (
    <div className="grid gap-2">
      <p id={labelId} className="text-sm font-medium">
        Available times on {formatLongDate(date)}
      </p>
      <div
        role="group"
        aria-labelledby={labelId}
        className="grid max-h-60 grid-cols-2 gap-2 overflow-y-auto p-0.5"
      >
        {slots.map((slot) => {
          const isSelected = slot.start === selected;
          return (
            <button
              key={slot.start}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onSelect(slot)}
              className={cn(
                "h-10 rounded-lg border text-sm font-semibold tabular-nums transition-colors",
                isSelected
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-line bg-surface text-ink hover:border-brand-300 hover:bg-brand-50",
              )}
            >
              {slot.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
