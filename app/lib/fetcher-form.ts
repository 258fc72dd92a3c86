import { useState } from "react";
import { type SubmitFunction, useFetcher } from "react-router";
import type { z } from "zod";
import { type BoundForm, useZodForm } from "./forms";

/** What an action answers a form posted through a fetcher (a success redirects instead). */
export type FetcherAnswer = {
  ok: boolean;
  title?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
};

/**
 * A bound useZodForm whose valid submit goes through a fetcher (`send`), with the action's
 * refusal as the form's `result`, and the one summary to show above its buttons: the server's
 * message while its problems are on the page (with its title when it names no field), else
 * `invalid` while the browser's own errors are there.
 */
export function useFetcherForm<
  S extends z.ZodType,
  V extends object,
  A extends FetcherAnswer = FetcherAnswer,
>(
  schema: S,
  options: {
    id: string;
    initial: V | (() => V);
    /** Posts the valid values (the fetcher's `submit`). */
    send: (values: V, submit: SubmitFunction) => void;
    invalid: string;
    /** The message of a refusal that brings none. */
    unexpected?: string;
  },
): {
  form: BoundForm<S, V>;
  busy: boolean;
  summary: { title?: string; message: string | null };
} {
  const [values, setValues] = useState(options.initial);
  const fetcher = useFetcher();
  const answer = fetcher.data as A | undefined;
  const refusal = answer && !answer.ok ? answer : null;
  const form = useZodForm(schema, {
    id: options.id,
    values,
    setValues,
    result: refusal,
    onValid: () => options.send(values, fetcher.submit),
  });
  const summary =
    refusal && (!refusal.fieldErrors || form.invalid)
      ? {
          title: refusal.fieldErrors ? undefined : refusal.title,
          message: refusal.message ?? options.unexpected ?? null,
        }
      : { message: form.invalid ? options.invalid : null };
  return { form, busy: fetcher.state !== "idle", summary };
}
