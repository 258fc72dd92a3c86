import { Form, Link, useNavigation } from "react-router";
import { CONSENTS, type ConsentKind, MARKETING_WORDING } from "../../../core/consents";
import { formatShortDate } from "../../../core/format";
import { CONSENT_MESSAGES as M } from "../../../core/messages/consents";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

/** A consent as the page shows it: dates as instants in ISO form, from the loader. */
export type ConsentRow = {
  kind: ConsentKind;
  given: boolean;
  outdated: boolean;
  at: string | null;
  version: string | null;
  beforeRecords: boolean;
};

/** The consent log's current state, and product news switched on or off (ADR 88). */
export function ConsentsSection({
  consents,
  timeZone,
  result,
}: {
  consents: ConsentRow[];
  timeZone: string;
  result?: { ok: boolean; message: string } | null;
}) {
  const busy = useNavigation().formData?.get("intent")?.toString().startsWith("marketing");
  const day = (iso: string) => formatShortDate(new Date(iso), timeZone);
  // Documents agreed to; product news and the WhatsApp/SMS opt-ins are switched elsewhere.
  const agreements = consents.filter((c) => CONSENTS[c.kind].href && (c.given || c.at));
  const marketing = consents.find((c) => c.kind === "marketing")!;
  return (
    <Card className="grid gap-5 p-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{M.heading}</h2>
        <p className="text-sm text-muted">{M.intro}</p>
      </div>
      <ul className="grid gap-4">
        {agreements.map((c) => {
          const terms = CONSENTS[c.kind];
          return (
            <li key={c.kind} className="grid gap-1 border-t border-line pt-4 text-sm">
              <Link to={terms.href!} className="font-medium text-brand-700 underline">
                {terms.label}
              </Link>
              <span>
                {c.at
                  ? c.beforeRecords
                    ? M.agreedBeforeRecords(day(c.at))
                    : M.agreedOn(day(c.at))
                  : M.noRecord}
                {c.version ? ` · ${M.versionOf(formatVersion(c.version))}` : null}
              </span>
              {c.outdated && terms.versionLabel ? (
                <span className="text-amber-800">{M.newerVersion(terms.versionLabel)}</span>
              ) : null}
              {terms.withdrawnBy === "settings" ? null : (
                <span className="text-muted">{M.withdrawnBy[terms.withdrawnBy]}</span>
              )}
            </li>
          );
        })}
        <li className="grid gap-3 border-t border-line pt-4 text-sm">
          <div className="grid gap-1">
            <span className="font-medium">{CONSENTS.marketing.label}</span>
            <span>
              {marketing.given && marketing.at ? M.marketingOn(day(marketing.at)) : M.marketingOff}
            </span>
            {marketing.given ? null : <span className="text-muted">{MARKETING_WORDING}</span>}
          </div>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input
              type="hidden"
              name="intent"
              value={marketing.given ? "marketing-off" : "marketing-on"}
            />
            <Button type="submit" variant="outline" disabled={busy}>
              {marketing.given ? M.marketingTurnOff : M.marketingTurnOn}
            </Button>
          </Form>
          {result ? (
            <p role="status" className={result.ok ? "text-brand-800" : "text-red-700"}>
              {result.message}
            </p>
          ) : null}
        </li>
      </ul>
    </Card>
  );
}

/** "2025-06-30" → "30 Jun 2025": a version is the day its document was last changed. */
function formatVersion(version: string): string {
  const date = new Date(`${version}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return version;
  return formatShortDate(date, "UTC").replace(/^\w+, /, "");
}
