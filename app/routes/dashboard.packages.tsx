import { data, redirect } from "react-router";
import { formObject } from "../../core/admin/admin-forms";
import { type CacheHandle, NOT_KEPT } from "../../core/cache-contract";
import { formValues } from "../../core/form";
import { packageOfferSchema } from "../../core/forms/packages";
import { isUuid } from "../../core/ids";
import { PACKAGE_MESSAGES as M } from "../../core/messages/packages";
import { MAX_ACTIVE_PACKAGES, packageRowView } from "../../core/package-offers";
import { requireAdvisor } from "../../server/auth/session.server";
import {
  createPackage,
  editPackage,
  ownPackages,
  setPackageOnSale,
} from "../../server/packages/package-offers.server";
import { OwnPackageCard } from "../components/packages/own-package-card";
import { type PackageFormFailure, PackageForm } from "../components/packages/package-form";
import { BackLink } from "../components/ui/back-link";
import { Card } from "../components/ui/card";
import { flashCookie } from "../lib/flash";
import { readForm } from "../lib/request-body";
import type { Route } from "./+types/dashboard.packages";

export function meta() {
  return [{ title: `${M.title} | BeenThere` }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** The signed-in advisor's own packages: the advisor comes from the session, never the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdvisor(request, context);
  const own = await ownPackages(context.db, { userId: viewer.userId });
  if (!own) throw new Response("Only advisors can do this", { status: 403 });
  const packages = own.packages.map((p) => packageRowView(p, own.hourlyRateInr));
  const edit = new URL(request.url).searchParams.get("edit");
  const editing = packages.find((p) => p.id === edit) ?? null;
  return {
    approved: own.approved,
    hourlyRateInr: own.hourlyRateInr,
    packages,
    onSale: packages.filter((p) => p.status === "active").length,
    editing: editing && {
      id: editing.id,
      name: editing.name,
      description: editing.description,
      sessions: String(editing.sessions),
      duration: String(editing.duration),
      validityDays: String(editing.validityDays),
      priceInr: String(editing.priceInr),
    },
  };
}

type Answer = PackageFormFailure;

/** Save (add or edit), withdraw or offer again: the service decides every rule. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdvisor(request, context);
  const form = await readForm(request);
  const fields = formObject(form);
  const who = { userId: viewer.userId, now: context.now() };
  const { intent, packageId } = fields;
  if (intent !== "save" && intent !== "withdraw" && intent !== "offer")
    return data<Answer>({ ok: false, message: M.invalid }, 400);
  if (packageId !== undefined && !isUuid(packageId))
    return data<Answer>({ ok: false, message: M.notFound }, 404);
  if (intent === "save") {
    const values = formValues(packageOfferSchema, form);
    const result = packageId
      ? await editPackage(context.db, { ...who, packageId, values })
      : await createPackage(context.db, { ...who, values });
    if (result.ok) return done(packageId ? M.saved : M.created);
    return data<Answer>(
      { ok: false, message: result.message, fieldErrors: result.fieldErrors, values },
      result.status,
    );
  }
  if (!packageId) return data<Answer>({ ok: false, message: M.invalid }, 400);
  const onSale = intent === "offer";
  const result = await setPackageOnSale(context.db, { ...who, packageId, onSale });
  if (result.ok) return done(onSale ? M.offered : M.withdrawn);
  return data<Answer>({ ok: false, message: result.message }, result.status);
}

const done = (title: string) =>
  redirect("/dashboard/packages", { headers: { "Set-Cookie": flashCookie({ title }) } });

export default function PackagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { approved, hourlyRateInr, packages, onSale, editing } = loaderData;
  const full = onSale >= MAX_ACTIVE_PACKAGES;
  // A refused withdraw or offer is said above the list; a refused save in its form.
  const refusedAction = actionData && !actionData.values ? actionData : undefined;
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 sm:py-10">
      <div className="grid gap-3">
        <BackLink to="/dashboard">Back to dashboard</BackLink>
        <h1 className="text-3xl font-bold tracking-tight">{M.title}</h1>
        <p className="text-muted">{M.intro}</p>
      </div>
      {!approved ? (
        <p
          role="status"
          className="rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {M.notApproved}
        </p>
      ) : hourlyRateInr <= 0 ? (
        <p
          role="status"
          className="rounded-card border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {M.noRate}
        </p>
      ) : null}
      {refusedAction ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
          {refusedAction.message}
        </p>
      ) : null}
      <section aria-labelledby="own-packages-heading" className="grid gap-4">
        <h2 id="own-packages-heading" className="text-xl font-semibold">
          {M.listHeading}
        </h2>
        {packages.length === 0 ? (
          <Card className="p-6 text-muted">{M.empty}</Card>
        ) : (
          <ul className="grid gap-4">
            {packages.map((offer) => (
              <li key={offer.id}>
                <OwnPackageCard offer={offer} canChange={approved} />
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted">{M.withdrawNote}</p>
      </section>
      {approved && hourlyRateInr > 0 ? (
        <Card className="p-4 sm:p-6">
          {full && !editing ? (
            <p className="text-sm text-muted">{M.limitReached}</p>
          ) : (
            <PackageForm
              key={editing?.id ?? "new"}
              editing={editing}
              hourlyRateInr={hourlyRateInr}
              result={actionData?.values ? actionData : undefined}
            />
          )}
        </Card>
      ) : null}
    </div>
  );
}
