import type { z } from "zod";

/*
 * The shared shape of every form: a zod object schema over the form's string values. Its keys
 * are the field names (defined once, used by the inputs and the action), its messages come
 * from a catalogue in core/messages/. The browser runs it for instant per-field errors; the
 * server action runs it again and has the final word.
 */

// Refined objects stay ZodObjects in zod 4, so a cross-field rule keeps its field names.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormSchema = z.ZodObject<any>;
export type FieldName<S extends FormSchema> = keyof z.input<S> & string;
export type FieldErrors<S extends FormSchema> = Partial<Record<FieldName<S>, string>>;
export type FormValues<S extends FormSchema> = Record<FieldName<S>, string>;

export type FormValidation<S extends FormSchema> =
  { success: true; data: z.output<S> } | { success: false; fieldErrors: FieldErrors<S> };

export function fieldNames<S extends FormSchema>(schema: S): FieldName<S>[] {
  return Object.keys(schema.shape) as FieldName<S>[];
}

/** The schema's fields as submitted; an absent field (an unticked checkbox) is "". */
export function formValues<S extends FormSchema>(schema: S, form: FormData): FormValues<S> {
  const values = {} as FormValues<S>;
  for (const name of fieldNames(schema)) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** One problem a check found: zod's issue, or a zod-free check's (see `Checker`). */
export type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * What a form bound to React state needs of its rules: zod's `safeParse`, or a zod-free check
 * of the same shape where a page must not download zod (the booking steps on a profile).
 */
export type Checker<Out = unknown> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
};
/** What a passing check gives: zod's output, or a Checker's data. */
export type CheckedOutput<S> = S extends z.ZodType
  ? z.output<S>
  : S extends Checker<infer O>
    ? O
    : never;

/**
 * The first message of a failed parse for each field (the first key of its path); an issue
 * about the whole value is under "form". Every form and API shows errors this one way.
 */
export function firstErrorPerField(error: { issues: readonly Issue[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? "form" : String(issue.path[0]);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Runs the schema; on failure, the first message for each of its fields. */
export function validateForm<S extends FormSchema>(schema: S, values: unknown): FormValidation<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  const errors = firstErrorPerField(parsed.error);
  const fieldErrors: Record<string, string> = {};
  for (const name of fieldNames(schema)) if (errors[name]) fieldErrors[name] = errors[name];
  return { success: false, fieldErrors: fieldErrors as FieldErrors<S> };
}

export type SchemaCheck<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Runs any schema (a step, a whole profile): the parsed data, or the first message per field. */
export function checkWith<S extends z.ZodType | Checker>(
  schema: S,
  values: unknown,
): SchemaCheck<CheckedOutput<S>> {
  const parsed = (schema as Checker<CheckedOutput<S>>).safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: firstErrorPerField(parsed.error) };
}
