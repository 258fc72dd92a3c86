import { AlertCircle } from "lucide-react";
import { cloneElement, type ComponentProps, isValidElement, type ReactNode } from "react";
import type { FieldName, FormSchema } from "../../../core/form";
import type { ZodForm } from "../../lib/forms";
import { Label } from "./input";

/**
 * One field of a useZodForm form: its label, the control (given its id, name, last value and
 * ARIA wiring here), its hint and its error. The error sits in a polite live region, so a
 * message that appears on leaving the field is read out too.
 */
export function FormField<S extends FormSchema>({
  form,
  name,
  label,
  hint,
  aside,
  children,
}: {
  form: ZodForm<S>;
  name: FieldName<S>;
  label: string;
  hint?: string;
  /** Shown at the end of the hint line, e.g. a character counter. */
  aside?: ReactNode;
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
        defaultValue: children.props.defaultValue ?? form.defaultValue(name),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
      })
    : children;
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      <div id={form.errorId(name)} aria-live="polite" className="empty:hidden">
        {error ? (
          <p className="flex items-start gap-1.5 text-sm font-medium text-danger">
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        ) : null}
      </div>
      {hint || aside ? (
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
      ) : null}
    </div>
  );
}
