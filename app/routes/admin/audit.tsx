import { Filter } from "lucide-react";
import { Form } from "react-router";
import { adminSearchText } from "../../../core/admin/admin-forms";
import { countLabel } from "../../../core/admin/list-page";
import { formatAdminDateTime } from "../../../core/format";
import { isUuid } from "../../../core/ids";
import { AUDIT_ACTIONS, isAuditAction } from "../../../core/admin/audit-actions";
import { describeAudit } from "../../../core/admin/audit-entry";
import { listAudit, listAuditActors } from "../../../server/audit/audit.server";
import { requireAdmin } from "../../../server/auth/session.server";
import { readPosition } from "../../../server/db/keyset";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input, Label, Select } from "../../components/ui/input";
import { EmailAddress } from "../../components/ui/email-address";
import type { Route } from "./+types/audit";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

export function meta() {
  return [{ title: "Audit Log | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const admin = params.get("admin") ?? "";
  const action = params.get("action") ?? "";
  const target = adminSearchText(params.get("target"));
  const filters = { admin, action, target };
  const actorUserId = isUuid(admin) ? admin : undefined;
  try {
    const [log, actors] = await Promise.all([
      listAudit(
        context.db,
        {
          actorUserId,
          action: isAuditAction(action) ? action : undefined,
          target: target || undefined,
        },
        readPosition(params),
      ),
      listAuditActors(context.db, actorUserId),
    ]);
    return { filters, actors, ...log };
  } catch (error) {
    context.logger.error({ err: error }, "could not list the audit log");
    return { filters, failed: true as const };
  }
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <AdminPage
      title="Audit Log"
      description="Every admin action, newest first. Entries are kept for good and never changed."
    >
      <Card className="p-4 sm:p-5">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
            <Label htmlFor="audit-admin">Admin</Label>
            <Select id="audit-admin" name="admin" defaultValue={filters.admin}>
              <option value="">All admins</option>
              {"actors" in loaderData
                ? loaderData.actors.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.firstName} {a.lastName} ({a.email})
                    </option>
                  ))
                : null}
            </Select>
          </div>
          <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
            <Label htmlFor="audit-action">Action</Label>
            <Select id="audit-action" name="action" defaultValue={filters.action}>
              <option value="">All actions</option>
              {Object.entries(AUDIT_ACTIONS).map(([key, label]) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
            <Label htmlFor="audit-target">Target</Label>
            <Input
              id="audit-target"
              name="target"
              type="search"
              placeholder="Name, e-mail or id"
              defaultValue={filters.target}
              maxLength={100}
            />
          </div>
          <Button type="submit">
            <Filter aria-hidden="true" /> Filter
          </Button>
        </Form>
      </Card>
      {"failed" in loaderData ? (
        <LoadError message="Failed to fetch the audit log" />
      ) : (
        <>
          <p className="text-sm text-muted">{countLabel(loaderData.total, "entry", "entries")}</p>
          <Card className="px-2 sm:px-4">
            {loaderData.entries.length === 0 ? (
              <p className="p-6 text-center text-muted">No entries match these filters.</p>
            ) : (
              <Table>
                <caption className="sr-only">Audit log entries, newest first</caption>
                <THead>
                  <tr>
                    <Th className="w-48">When</Th>
                    <Th>What happened</Th>
                  </tr>
                </THead>
                <tbody>
                  {loaderData.entries.map((entry) => (
                    <AuditRow key={entry.id} entry={entry} />
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
          <ListPager keys={loaderData.keys} filters={filters} />
        </>
      )}
    </AdminPage>
  );
}

type Entry = Exclude<Route.ComponentProps["loaderData"], { failed: true }>["entries"][number];

/** One entry as a sentence, the changes it made, and whom it concerned (core/admin/audit-entry). */
function AuditRow({ entry }: { entry: Entry }) {
  const text = describeAudit({
    action: entry.action,
    actorName: entry.actorUserId ? `${entry.actorFirstName} ${entry.actorLastName}` : null,
    details: entry.details,
  });
  return (
    <Tr>
      <Td className="whitespace-nowrap text-muted max-md:w-full md:align-top">
        <time dateTime={new Date(entry.createdAt).toISOString()}>
          {formatAdminDateTime(new Date(entry.createdAt))}
        </time>
      </Td>
      <Td className="max-md:w-full md:align-top">
        <p className="font-medium wrap-anywhere text-ink">{text.sentence}</p>
        {text.changes.length > 0 ? (
          <ul className="mt-1 grid gap-0.5 text-muted">
            {text.changes.map((change, index) => (
              <li key={index} className="wrap-anywhere">
                {change}
              </li>
            ))}
          </ul>
        ) : null}
        {text.contacts ? (
          <p className="mt-1 text-xs text-muted">
            <EmailAddress email={text.contacts} />
          </p>
        ) : null}
      </Td>
    </Tr>
  );
}
