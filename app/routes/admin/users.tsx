import { Search } from "lucide-react";
import { useEffect } from "react";
import { data, Form, useFetcher, useNavigation } from "react-router";
import {
  adminRoleForm,
  adminSearchText,
  formObject,
  USER_ROLE_FILTERS,
  type UserRoleFilter,
} from "../../../core/admin/admin-forms";
import { countLabel } from "../../../core/admin/list-page";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import { ROLE_LABELS } from "../../../core/roles";
import { requireAdmin } from "../../../server/auth/session.server";
import { listUsers, setAdminRole } from "../../../server/admin/users.server";
import { readPosition } from "../../../server/db/keyset";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { PersonPhoto } from "../../components/admin/person-photo";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { Button } from "../../components/ui/button";
import { Badge, Card } from "../../components/ui/card";
import { Input, Label, Select } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/users";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";

const FILTER_LABELS: Record<UserRoleFilter, string> = {
  all: "All roles",
  seeker: "Seekers",
  advisor: "Advisors",
  admin: "Admins",
};

export function meta() {
  return [{ title: "Manage Users | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = adminSearchText(params.get("q"));
  const roleParam = params.get("role");
  const role = USER_ROLE_FILTERS.find((r) => r === roleParam) ?? "all";
  try {
    return {
      viewerId: viewer.userId,
      q,
      role,
      ...(await listUsers(context.db, { q, role, position: readPosition(params) })),
    };
  } catch (error) {
    context.logger.error({ err: error }, "could not list users");
    return { viewerId: viewer.userId, q, role, failed: true as const };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const parsed = adminRoleForm.safeParse(formObject(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const, message: M.updateRoleFailed }, 400);
  try {
    const result = await setAdminRole(context.db, {
      actorUserId: viewer.userId,
      targetUserId: parsed.data.userId,
      admin: parsed.data.intent === "grant",
      requestId: context.requestId,
    });
    if (!result.ok) return data({ ok: false as const, message: result.message }, result.status);
    const message = parsed.data.intent === "grant" ? M.adminGranted : M.adminRevoked;
    return { ok: true as const, message: message(result.name) };
  } catch (error) {
    context.logger.error({ err: error }, "could not update an admin role");
    return data({ ok: false as const, message: M.updateRoleFailed }, 500);
  }
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return offlineSafe(serverAction, { ok: false as const, message: CONNECTION_LOST });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const searching = useNavigation().state === "loading";
  return (
    <AdminPage
      title="User Management"
      description="Find people, see their roles and activity, and decide who may administer."
    >
      <Card className="p-4 sm:p-5">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          <div className="grid min-w-0 flex-1 basis-60 gap-1.5">
            <Label htmlFor="user-search">Search users</Label>
            <Input
              id="user-search"
              name="q"
              type="search"
              placeholder="Name or e-mail"
              defaultValue={loaderData.q}
              maxLength={100}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="role-filter">Role</Label>
            <Select id="role-filter" name="role" defaultValue={loaderData.role} className="w-auto">
              {USER_ROLE_FILTERS.map((role) => (
                <option key={role} value={role}>
                  {FILTER_LABELS[role]}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" disabled={searching}>
            <Search aria-hidden="true" /> Search
          </Button>
        </Form>
      </Card>
      {"failed" in loaderData ? (
        <LoadError message={M.fetchUsersFailed} />
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {countLabel(loaderData.total, "user", "users")}
            {loaderData.q ? ` matching “${loaderData.q}”` : ""}
          </p>
          <Card className="px-2 sm:px-4">
            {loaderData.users.length === 0 ? (
              <p className="p-6 text-center text-muted">No users match this search.</p>
            ) : (
              <Table>
                <caption className="sr-only">Users, newest first</caption>
                <THead>
                  <tr>
                    <Th>User</Th>
                    <Th>Roles</Th>
                    <Th>Activity</Th>
                    <Th className="text-right">Admin</Th>
                  </tr>
                </THead>
                <tbody>
                  {loaderData.users.map((user) => (
                    <UserRow key={user.id} user={user} isSelf={user.id === loaderData.viewerId} />
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
          <ListPager keys={loaderData.keys} filters={{ q: loaderData.q, role: loaderData.role }} />
        </>
      )}
    </AdminPage>
  );
}

type UserItem = Exclude<Route.ComponentProps["loaderData"], { failed: true }>["users"][number];

const dateFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "UTC" });
const formatDate = (value: Date | string | null) =>
  value ? dateFormat.format(new Date(value)) : "Never";

function UserRow({ user, isSelf }: { user: UserItem; isSelf: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const name = `${user.firstName} ${user.lastName}`.trim();
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(M.updateRoleFailed, { description: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <Tr>
      <Td className="max-md:w-full">
        <div className="flex min-w-0 items-center gap-3">
          <PersonPhoto url={null} firstName={user.firstName} lastName={user.lastName} />
          <div className="min-w-0">
            <p className="font-medium">
              {name}
              {isSelf ? <span className="text-muted"> (you)</span> : null}
            </p>
            <p className="text-muted">{user.email}</p>
          </div>
        </div>
      </Td>
      <Td>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Roles of ${name}`}>
          {user.roles.map((role) => (
            <li key={role}>
              <Badge tone={role === "admin" ? "brand" : role === "advisor" ? "warning" : "neutral"}>
                {ROLE_LABELS[role]}
              </Badge>
            </li>
          ))}
          {user.isActive ? null : (
            <li>
              <Badge tone="danger">Inactive</Badge>
            </li>
          )}
        </ul>
      </Td>
      <Td className="text-muted max-md:w-full">
        <p>Joined {formatDate(user.createdAt)}</p>
        <p>Last sign-in {formatDate(user.lastSignInAt)}</p>
        <p>
          {user.sessionsBooked === 1
            ? "1 session booked"
            : `${user.sessionsBooked} sessions booked`}
        </p>
      </Td>
      <Td className="text-right max-md:w-full max-md:text-left">
        <fetcher.Form method="post">
          <input type="hidden" name="userId" value={user.id} />
          {user.isAdmin ? (
            <Button
              type="submit"
              name="intent"
              value="revoke"
              variant="outline"
              size="sm"
              disabled={busy || isSelf}
              title={isSelf ? M.cannotRevokeSelf : undefined}
              aria-label={`Revoke Admin: ${name}`}
            >
              Revoke Admin
            </Button>
          ) : (
            <Button
              type="submit"
              name="intent"
              value="grant"
              size="sm"
              disabled={busy}
              aria-label={`Make Admin: ${name}`}
            >
              Make Admin
            </Button>
          )}
        </fetcher.Form>
      </Td>
    </Tr>
  );
}
