import { data, Form, Link } from "react-router";
import { formObject } from "../../../core/admin/admin-forms";
import { countLabel } from "../../../core/admin/list-page";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { packageVisibilitySchema } from "../../../core/forms/packages";
import { isUuid } from "../../../core/ids";
import { PACKAGE_MESSAGES as M } from "../../../core/messages/packages";
import {
  ADMIN_PACKAGE_FILTERS,
  type AdminPackageFilter,
  packageRowView,
} from "../../../core/package-offers";
import { requireAdmin } from "../../../server/auth/session.server";
import { readPosition } from "../../../server/db/keyset";
import { listPackages, setPackageHidden } from "../../../server/packages/package-offers.server";
import { AdminPage } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/packages";

export function meta() {
  return [{ title: `${M.adminTitle} | BeenThere` }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

const filterOf = (value: string | null): AdminPackageFilter =>
  (ADMIN_PACKAGE_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as AdminPackageFilter)
    : "all";

/** GET /admin/packages (`?show=all|active|hidden`, keyset pages, ADR 78). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filter = filterOf(params.get("show"));
  const page = await listPackages(context.db, { filter, position: readPosition(params) });
  return {
    filter,
    count: page.count,
    keys: page.keys,
    packages: page.packages.map((p) => ({
      ...packageRowView(p, p.hourlyRateInr),
      advisorId: p.advisorId,
      advisorName: p.advisorName,
    })),
  };
}

type Answer = { ok: boolean; message: string };

/** Hide or show a package: audited, and off (or back on) the profile and cards at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = formObject(await readForm(request));
  if (form.packageId !== undefined && !isUuid(form.packageId))
    return data<Answer>({ ok: false, message: M.notFound }, 404);
  const parsed = packageVisibilitySchema.safeParse(form);
  if (!parsed.success) return data<Answer>({ ok: false, message: M.invalid }, 400);
  const hidden = parsed.data.intent === "hide";
  const result = await setPackageHidden(context.db, {
    adminUserId: viewer.userId,
    packageId: parsed.data.packageId,
    hidden,
    now: context.now(),
    requestId: context.requestId,
  });
  return result.ok
    ? { ok: true, message: hidden ? M.hiddenToast : M.shownToast }
    : data<Answer>({ ok: false, message: result.message }, result.status);
}

export default function AdminPackages({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, packages, keys, count } = loaderData;
  return (
    <AdminPage title={M.adminTitle} description={M.adminDescription}>
      {actionData ? (
        <p
          role="status"
          className={
            actionData.ok
              ? "rounded-lg bg-brand-50 p-3 text-sm text-brand-900"
              : "rounded-lg bg-red-50 p-3 text-sm text-red-900"
          }
        >
          {actionData.message}
        </p>
      ) : null}
      <nav aria-label="Which packages" className="flex flex-wrap gap-2">
        {ADMIN_PACKAGE_FILTERS.map((value) => (
          <Link
            key={value}
            to={`?show=${value}`}
            aria-current={filter === value ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-medium",
              filter === value
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-line bg-surface text-ink hover:bg-brand-50",
            )}
          >
            {M.adminFilters[value]}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-muted">{countLabel(count, "package", "packages")}</p>
      {packages.length === 0 ? (
        <Card className="p-6 text-center text-muted">{M.adminEmpty}</Card>
      ) : (
        <ul className="grid gap-4">
          {packages.map((p) => (
            <li key={p.id}>
              <Card className="grid gap-3 p-4 sm:p-6" data-testid="admin-package">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid min-w-0 gap-1">
                    <h2 className="text-lg font-semibold">{p.name}</h2>
                    <p className="text-sm text-muted">
                      by{" "}
                      <Link
                        to={`/advisor/${p.advisorId}`}
                        className="font-medium text-brand-700 underline"
                      >
                        {p.advisorName}
                      </Link>
                    </p>
                  </div>
                  <Badge tone={p.hidden ? "danger" : p.status === "active" ? "brand" : "neutral"}>
                    {p.hidden ? M.statusLabels.hidden : M.statusLabels[p.status]}
                  </Badge>
                </div>
                {p.description ? (
                  <p className="text-sm whitespace-pre-line text-muted">{p.description}</p>
                ) : null}
                <p className="text-sm">
                  {p.shape} · {p.validity} · <span className="font-semibold">{p.total}</span>
                </p>
                <p className="text-sm text-muted">{p.comparison}</p>
                <Form method="post">
                  <input type="hidden" name="intent" value={p.hidden ? "show" : "hide"} />
                  <input type="hidden" name="packageId" value={p.id} />
                  <Button
                    type="submit"
                    variant="outline"
                    size="sm"
                    aria-label={`${p.hidden ? M.show : M.hide} ${p.name}`}
                  >
                    {p.hidden ? M.show : M.hide}
                  </Button>
                </Form>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ListPager keys={keys} filters={{ show: filter }} label="Package pages" />
    </AdminPage>
  );
}
