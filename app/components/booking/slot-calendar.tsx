import { DateLib, DayPicker, type DayPickerProps } from "react-day-picker";
import "react-day-picker/style.css";
import "./slot-calendar.css";

/*
 * Dates here are viewer-zone calendar dates ("YYYY-MM-DD"), which need not match the
 * browser's own zone. The calendar only shows them, so each is held as the browser-local
 * midnight of the same Y-M-D and read back the same way: no instant is ever derived.
 */
export function isoToLocalDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split("-").map(Number);
  return new Date(year, month - 1, day);
}

export function localDateToIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A day's spoken name starts from the number it shows ("25", not "November 25th"), so what a
 * voice-control user reads off the button is its name (WCAG 2.5.3, Label in Name).
 */
const labelDayButton: NonNullable<DayPickerProps["labels"]>["labelDayButton"] = (
  date,
  modifiers,
  options,
  dateLib,
) => {
  const day = (dateLib ?? new DateLib(options)).format(date, "d MMMM yyyy, EEEE");
  return `${modifiers.today ? "Today, " : ""}${day}${modifiers.selected ? ", selected" : ""}`;
};

/** A single-date calendar over the booking window with only `selectable` dates enabled. */
export function SlotCalendar({
  first,
  last,
  selectable,
  selected,
  onSelect,
}: {
  first: string;
  last: string;
  selectable: ReadonlySet<string>;
  selected: string | null;
  onSelect: (date: string) => void;
}) {
  const firstOpen = [...selectable].sort()[0] ?? first;
  return (
    <DayPicker
      className="bt-calendar mx-auto"
      mode="single"
      required
      weekStartsOn={1}
      selected={selected ? isoToLocalDate(selected) : undefined}
      onSelect={(date: Date) => onSelect(localDateToIso(date))}
      disabled={(date: Date) => !selectable.has(localDateToIso(date))}
      today={isoToLocalDate(first)}
      defaultMonth={isoToLocalDate(selected ?? firstOpen)}
      startMonth={isoToLocalDate(first)}
      endMonth={isoToLocalDate(last)}
      labels={{ labelDayButton }}
    />
  );
}
