import type { ReactNode } from "react";
import { Card } from "../ui/card";

/** One section of a settings page: a card with its own heading (the page's h1 is "Settings"). */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4 p-6" role="region" aria-labelledby={id}>
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

/** The action's answer for one form, as every section of the Account page receives it. */
export type SectionResult =
  | { ok: true; title: string; message: string; done: string }
  | { ok: false; message?: string; fieldErrors?: Record<string, string | undefined> };

/** A refusal about one field is shown beside that field, not a second time above the button. */
export const formMessage = (result: SectionResult | undefined) =>
  result && !result.ok && !Object.values(result.fieldErrors ?? {}).some(Boolean)
    ? result.message
    : undefined;
