import { Globe } from "lucide-react";
import { cn } from "../../lib/cn";
import { Select } from "../ui/input";

/** "GMT+5:30" for a zone right now, or "" if the runtime cannot name its offset. */
export function zoneOffsetLabel(zone: string, at = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      timeZoneName: "shortOffset",
    }).formatToParts(at);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
  } catch {
    return "";
  }
}

/** "Asia/Kolkata (GMT+5:30)", with underscores read as spaces ("America/New York"). */
export function zoneLabel(zone: string): string {
  const offset = zoneOffsetLabel(zone);
  const name = zone.replaceAll("_", " ");
  return offset ? `${name} (${offset})` : name;
}

/** A labelled native select of IANA zones: native, so it works on every phone and reader. */
export function TimeZoneSelect({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
  className,
  name,
}: {
  id: string;
  /** The field's name in a plain form (the booking steps before hydration, ADR 85). */
  name?: string;
  label: string;
  value: string;
  options: readonly string[];
  onChange: (zone: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  // The current value is always listed, even if it is not one of the usual options.
  const zones = options.includes(value) ? options : [...options, value];
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-ink">
        <Globe className="size-4 text-brand-700" aria-hidden="true" />
        {label}
      </label>
      <Select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="min-w-0"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </Select>
    </div>
  );
}
