import { type FocusEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { data } from "react-router";
import type { z } from "zod";
import {
  type CheckedOutput,
  type Checker,
  type FieldErrors,
  type FieldName,
  type FormSchema,
  type FormValidation,
  type FormValues,
  fieldNames,
  checkWith,
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

/** What every form offers its fields (FormField): ids, the shown error and the value. */
export type FieldHost<N extends string> = {
  id: (name: N) => string;
  errorId: (name: N) => string;
  error: (name: N) => string | undefined;
  /** A native form's last submitted value (uncontrolled inputs). */
  defaultValue: (name: N) => string | undefined;
  /** A bound form's value and setter for one field (controlled inputs and custom controls). */
  bind?: (name: N) => { value: unknown; onChange: (next: unknown) => void };
};

export type ZodForm<S extends FormSchema> = FieldHost<FieldName<S>> & {
  /** Spread on the <Form>: checks on submit, on leaving an edited field, and as errors are fixed. */
  props: {
    ref: React.RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
    /** Every control's `input` event, which bubbles (Preact's onChange on a form is `change`). */
    onInput: (event: FormEvent<HTMLFormElement>) => void;
  };
};

/**
 * Per-field errors in the browser from the form's schema. `result` is the action's answer:
 * each new one replaces what the browser found, and focus goes to its first invalid field.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: { id: string; result?: object | null },
): ZodForm<S>;
/**
 * The same for a form whose values live in React state (lists, ratings, files, the steps of
 * a wizard): `values` and `setValues` are the owner's, the schema checks `values`, and
 * FormField binds each control to its value. A new schema (the next step) clears the errors.
 */
export function useZodForm<S extends z.ZodType | Checker, V extends object>(
  schema: S,
  options: BoundOptions<S, V>,
): BoundForm<S, V>;
export function useZodForm<S extends FormSchema | Checker, V extends object>(
  schema: S,
  options: { id: string; result?: object | null } | BoundOptions<S, V>,
): ZodForm<FormSchema> | BoundForm<S, V> {
  // One hook call per form for its whole life: a form is bound or native, never both.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  if ("values" in options) return useBoundForm(schema, options);
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useNativeForm(schema as FormSchema, options);
}

function useNativeForm<S extends FormSchema>(
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
      onInput(event) {
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

type BoundOptions<S extends z.ZodType | Checker, V extends object> = {
  id: string;
  values: V;
  setValues: (update: (current: V) => V) => void;
  /** The action's answer: its `fieldErrors` replace the browser's (FormFailure's shape). */
  result?: object | null;
  /** Called with the parsed values when a submit passes the schema. */
  onValid?: (data: CheckedOutput<S>) => void;
};

export type BoundForm<S extends z.ZodType | Checker, V extends object> = FieldHost<
  keyof V & string
> & {
  props: {
    ref: React.RefObject<HTMLFormElement | null>;
    noValidate: true;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  };
  values: V;
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Checks every value: the parsed data, or null with the errors shown and focus on the first. */
  validate: () => CheckedOutput<S> | null;
  /** Whether any field shows an error now. */
  invalid: boolean;
  /** Takes every error away (a dialog opened again starts clean). */
  reset: () => void;
};

function useBoundForm<S extends z.ZodType | Checker, V extends object>(
  schema: S,
  { id, values, setValues, result, onValid }: BoundOptions<S, V>,
): BoundForm<S, V> {
  const ref = useRef<HTMLFormElement>(null);
  const server = result && "fieldErrors" in result ? (result as FormFailure<FormSchema>) : null;
  const [errors, setErrors] = useState<Record<string, string | undefined>>(
    server?.fieldErrors ?? {},
  );
  const [seen, setSeen] = useState({ result, schema });
  const [focusPending, setFocusPending] = useState(false);
  if (result !== seen.result || schema !== seen.schema) {
    setSeen({ result, schema });
    setErrors(result !== seen.result ? (server?.fieldErrors ?? {}) : {});
    if (result !== seen.result && server) setFocusPending(true);
  }

  useEffect(() => {
    if (!focusPending) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- focus waits for the render
    setFocusPending(false);
    ref.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [focusPending]);

  const check = (next: V) => checkWith(schema, next);
  const validate = () => {
    const found = check(values);
    if (found.ok) {
      setErrors({});
      return found.data;
    }
    setErrors(found.errors);
    setFocusPending(true);
    return null;
  };
  // The values as changed so far: two `set` calls in one event see each other's change.
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  }, [values]);
  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues((current) => ({ ...current, [name]: value }));
    // A shown error follows the change, so it goes away as soon as it is fixed. Decided on the
    // errors as they are now, not as this render saw them: an upload's `set` comes later.
    const key = name as string;
    setErrors((current) => {
      if (!current[key]) return current;
      const found = check(next);
      return { ...current, [key]: found.ok ? undefined : found.errors[key] };
    });
  };
  const fieldId = (name: string) => `${id}-${name}`;
  return {
    props: {
      ref,
      noValidate: true,
      onSubmit(event) {
        event.preventDefault();
        const data = validate();
        if (data !== null) onValid?.(data);
      },
    },
    values,
    set,
    validate,
    invalid: Object.values(errors).some(Boolean),
    reset: () => setErrors({}),
    id: fieldId,
    errorId: (name) => `${fieldId(name)}-error`,
    error: (name) => errors[name],
    defaultValue: () => undefined,
    bind: (name) => ({
      value: values[name as keyof V],
      onChange: (next) => set(name as keyof V, valueOf(next) as V[keyof V]),
    }),
  };
}

/** A control's new value: a native change event's value (or checked state), else itself. */
function valueOf(next: unknown): unknown {
  if (typeof next !== "object" || next === null || !("target" in next)) return next;
  const target = (next as { target: unknown }).target;
  if (target instanceof HTMLInputElement && target.type === "checkbox") return target.checked;
  if (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return target.value;
  return next;
}

const nameOf = (target: EventTarget) =>
  target instanceof Element ? (target.getAttribute("name") ?? "") : "";

function focusFirst(form: HTMLFormElement, names: string[], errors: Record<string, unknown>) {
  const first = names.find((name) => errors[name]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}
