import { AlertCircle } from "lucide-react";
import { cloneElement, type ComponentProps, isValidElement, type ReactNode } from "react";
import type { FieldHost } from "../../lib/forms";
import { cn } from "../../lib/cn";
import { Label } from "./input";

/**
 * What FormField gives a custom control (stars, chips, radio cards): its value and setter,
 * and the id and ARIA wiring for the element that takes focus.
 */
export type FieldControlProps<T> = {
  value: T;
  onChange?: (next: T) => void;
  id?: string;
  /** Given by FormField; a bound form's value travels in its state, not as a named input. */
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * One field of a useZodForm form: its label, the control (given its id, name, value and ARIA
 * wiring here), its hint and its error. The error sits in a polite live region, so a message
 * that appears on leaving the field is read out too; every form announces errors this way.
 *
 * `layout`: "stacked" puts the label above the control; "check" puts a checkbox before its
 * label; "group" makes a fieldset whose legend names a control of several inputs (stars,
 * radio cards, chips), which gets the id, value and onChange like any other.
 */
export function FormField<N extends string>({
  form,
  name,
  label,
  hint,
  aside,
  layout = "stacked",
  className,
  children,
}: {
  form: FieldHost<N>;
  name: N;
  label: ReactNode;
  hint?: string;
  /** Shown at the end of the hint line, e.g. a character counter. */
  aside?: ReactNode;
  layout?: "stacked" | "check" | "group";
  className?: string;
  children: ReactNode;
}) {
  const id = form.id(name);
  const error = form.error(name);
  const hintId = `${id}-hint`;
  const describedBy = [error ? form.errorId(name) : "", hint ? hintId : ""].filter(Boolean);
  const control = isValidElement<ComponentProps<"input">>(children)
    ? cloneElement(children, {
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
        ...bound(form, name, children.props),
      })
    : children;
  const message = <FieldError id={form.errorId(name)} error={error} />;
  const hintLine =
    hint || aside ? (
      <div className="flex items-start justify-between gap-3">
        {hint ? (
          <p id={hintId} className="text-xs text-muted">
            {hint}
          </p>
        ) : (
          <span />
        )}
        {aside}
      </div>
    ) : null;
  if (layout === "group") {
    return (
      <fieldset className={cn("grid content-start gap-1.5", className)}>
        <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
        {control}
        {message}
        {hintLine}
      </fieldset>
    );
  }
  return (
    <div className={cn("grid content-start gap-1.5", className)}>
      {layout === "check" ? (
        <div className="flex items-start gap-3">
          {control}
          <Label htmlFor={id} className="leading-6 font-normal">
            {label}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {control}
        </>
      )}
      {message}
      {hintLine}
    </div>
  );
}

/** A bound form's value and setter for the control; a native form's last submitted value. */
function bound<N extends string>(
  form: FieldHost<N>,
  name: N,
  props: ComponentProps<"input">,
): Partial<ComponentProps<"input">> {
  if (!form.bind) return { defaultValue: props.defaultValue ?? form.defaultValue(name) };
  const { value, onChange } = form.bind(name);
  if (props.type === "checkbox") return { checked: value === true, onChange };
  return { value: value as string, onChange };
}

/**
 * A field's error, the one way every form shows it: a polite live region that is always on
 * the page (so a message appearing in it is read out) and the message with its icon.
 */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return (
    <div id={id} aria-live="polite" className="empty:hidden">
      {error ? (
        <p className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
