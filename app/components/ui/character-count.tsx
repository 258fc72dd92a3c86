import { cn } from "../../lib/cn";

/**
 * "123 / 1000" at the end of a text field's hint line (FormField's `aside`): red past the
 * limit. Hidden from screen readers: the field's error says it when the limit is passed.
 */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "shrink-0 text-xs tabular-nums",
        length > max ? "font-medium text-danger" : "text-muted",
      )}
    >
      {length} / {max}
    </span>
  );
}
