import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { data } from "react-router";
import {
  type FieldErrors,
  type FieldName,
  type FormSchema,
  type FormValidation,
  type FormValues,
  fieldNames,
  formValues,
  validateForm,
} from "../../core/form";
import { readForm } from "./request-body";

/*
 * One way to build a form (docs/ARCHITECTURE.md, "How to build a form"): the action parses
 * with `parseForm` and answers `invalidForm` on bad input; the component calls
 * `useZodForm(schema, { id, result })` with the same schema and renders each field with
 * <FormField form={form} name="…">, so the browser shows the same messages before the round
 * trip, beside their fields.
 */

/** What an action answers when the form does not pass: per-field errors and what was typed. */
export type FormFailure<S extends FormSchema> = {
  fieldErrors: FieldErrors<S>;
  values: Partial<FormValues<S>>;
};

export type ParsedForm<S extends FormSchema> = FormValidation<S> & { values: FormValues<S> };

/**
 * Reads the request's form (or takes one already read) and runs the schema: the server's
 * final word. A body that is no form, too large or malformed is refused (readForm).
 */
export async function parseForm<S extends FormSchema>(
  input: Request | FormData,
  schema: S,
): Promise<ParsedForm<S>> {
  const form = input instanceof FormData ? input : await readForm(input);
  const values = formValues(schema, form);
  return { ...validateForm(schema, values), values };
}

/** The 400 answer for a form that did not pass; passwords are never sent back. */
export function invalidForm<S extends FormSchema, E extends object = object>(
  parsed: { fieldErrors: FieldErrors<S>; values: FormValues<S> },
  extra?: E,
) {
  const values = Object.fromEntries(
    Object.entries(parsed.values).filter(([name]) => !/password/i.test(name)),
  ) as Partial<FormValues<S>>;
  const failure: FormFailure<S> = { fieldErrors: parsed.fieldErrors, values };
  return data({ ...(extra as E), ...failure }, { status: 400 });
}

export type ZodForm<S extends FormSchema> = {
  /** Spread on the <Form>: checks on submit, on leaving an edited field, and as errors are fixed. */
  props: {
    ref: React.RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
    onChange: (event: FormEvent<HTMLFormElement>) => void;
  };
  id: (name: FieldName<S>) => string;
  errorId: (name: FieldName<S>) => string;
  error: (name: FieldName<S>) => string | undefined;
  defaultValue: (name: FieldName<S>) => string | undefined;
};

/**
 * Per-field errors in the browser from the form's schema. `result` is the action's answer:
 * each new one replaces what the browser found, and focus goes to its first invalid field.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  { id, result }: { id: string; result?: object | null },
): ZodForm<S> {
  const ref = useRef<HTMLFormElement>(null);
  const names = fieldNames(schema);
  const server =
    result && "fieldErrors" in result ? (result as Partial<FormFailure<S>>) : undefined;
  const [errors, setErrors] = useState<FieldErrors<S>>(server?.fieldErrors ?? {});
  const edited = useRef(new Set<string>()).current;
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    setErrors(server?.fieldErrors ?? {});
  }

  useEffect(() => {
    if (server?.fieldErrors && ref.current) focusFirst(ref.current, names, server.fieldErrors);
    // Only a new answer from the server moves focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  const check = (form: HTMLFormElement) => {
    const found = validateForm(schema, formValues(schema, new FormData(form)));
    return found.success ? ({} as FieldErrors<S>) : found.fieldErrors;
  };
  const isField = (name: string): name is FieldName<S> => (names as string[]).includes(name);
  const recheck = (form: HTMLFormElement, name: FieldName<S>) => {
    const message = check(form)[name];
    setErrors((current) => ({ ...current, [name]: message }));
  };

  const fieldId = (name: FieldName<S>) => `${id}-${name}`;
  return {
    props: {
      ref,
      noValidate: true,
      onSubmit(event) {
        const found = check(event.currentTarget);
        setErrors(found);
        if (Object.values(found).some(Boolean)) {
          event.preventDefault();
          focusFirst(event.currentTarget, names, found);
        }
      },
      onBlur(event) {
        const name = nameOf(event.target);
        // Leaving for the form's own button: the submit checks everything anyway, and an error
        // appearing now would move the button away from under the pointer before the click.
        const next = event.relatedTarget;
        if (next instanceof HTMLButtonElement && next.form === event.currentTarget) return;
        if (isField(name) && edited.has(name)) recheck(event.currentTarget, name);
      },
      onChange(event) {
        const name = nameOf(event.target);
        if (!isField(name)) return;
        edited.add(name);
        // A shown error follows the typing, so it goes away as soon as it is fixed.
        if (errors[name]) recheck(event.currentTarget, name);
      },
    },
    id: fieldId,
    errorId: (name) => `${fieldId(name)}-error`,
    error: (name) => errors[name],
    defaultValue: (name) => server?.values?.[name],
  };
}

const nameOf = (target: EventTarget) =>
  target instanceof Element ? (target.getAttribute("name") ?? "") : "";

function focusFirst(form: HTMLFormElement, names: string[], errors: Record<string, unknown>) {
  const first = names.find((name) => errors[name]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}
