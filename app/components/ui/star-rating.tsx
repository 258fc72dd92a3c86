import { Star } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { cn } from "../../lib/cn";
import type { FieldControlProps } from "./form-field";

/**
 * A 1-to-5 star rating as a radio group (WAI-ARIA "radio group" pattern): one tab stop, the
 * arrow keys move and choose, Home and End go to the ends, and each star says its value
 * ("3 stars"). Use it through <FormField layout="group">, whose legend names the group: the
 * field's id and ARIA wiring go to the star that takes focus. 0 means not rated yet.
 */
export function StarRating({
  value,
  onChange,
  max = 5,
  id,
  className,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: FieldControlProps<number> & { max?: number; className?: string }) {
  const stars = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (next: number) => {
    onChange?.(next);
    stars.current[next - 1]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const next =
      event.key === "ArrowRight" || event.key === "ArrowUp"
        ? n === max
          ? 1
          : n + 1
        : event.key === "ArrowLeft" || event.key === "ArrowDown"
          ? n === 1
            ? max
            : n - 1
          : event.key === "Home"
            ? 1
            : event.key === "End"
              ? max
              : null;
    if (next === null) return;
    event.preventDefault();
    choose(next);
  };
  // The chosen star takes focus; before a choice, the first.
  const focusable = value >= 1 && value <= max ? value : 1;
  return (
    <div role="radiogroup" className={cn("flex w-fit gap-1", className)}>
      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          ref={(element) => {
            stars.current[n - 1] = element;
          }}
          type="button"
          role="radio"
          id={n === focusable ? id : undefined}
          aria-checked={value === n}
          aria-label={`${n} star${n === 1 ? "" : "s"}`}
          aria-invalid={n === focusable ? invalid : undefined}
          aria-describedby={n === focusable ? describedBy : undefined}
          tabIndex={n === focusable ? 0 : -1}
          onClick={() => choose(n)}
          onKeyDown={(event) => onKeyDown(event, n)}
          className="rounded-md p-0.5 text-slate-400 transition-colors hover:text-accent-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        >
          <Star
            aria-hidden="true"
            className={cn("size-8", n <= value && "fill-accent-500 text-accent-600")}
            strokeWidth={1.5}
          />
        </button>
      ))}
    </div>
  );
}
