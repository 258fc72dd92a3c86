import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  data,
  Form,
  Link,
  useActionData,
  useFetcher,
  useLocation,
  useNavigation,
} from "react-router";
import {
  adminSearchText,
  formObject,
  USER_ROLE_FILTERS,
  type UserRoleFilter,
} from "../../../core/admin/admin-forms";
import { adminRoleForm } from "../../../core/forms/admin";
import { countLabel } from "../../../core/admin/list-page";
import { isUuid } from "../../../core/ids";
import { ADMIN_MESSAGES as M } from "../../../core/messages/admin";
import { PRIVACY_MESSAGES as PRIVACY } from "../../../core/messages/privacy";
import { ROLE_LABELS } from "../../../core/roles";
import { requireAdmin } from "../../../server/auth/session.server";
import { findRoleChangeTarget, listUsers, setAdminRole } from "../../../server/admin/users.server";
import { readPosition } from "../../../server/db/keyset";
import { AdminPage, LoadError } from "../../components/admin/admin-page";
import { ListPager } from "../../components/admin/list-pager";
import { PersonPhoto } from "../../components/admin/person-photo";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { Button, buttonVariants } from "../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../components/ui/dialog";
import { Badge, Card } from "../../components/ui/card";
import { Input, Label, Select } from "../../components/ui/input";
import { toast } from "../../components/ui/toaster";
import { CONNECTION_LOST, offlineSafe } from "../../lib/offline-safe";
import { readForm } from "../../lib/request-body";
import { EmailAddress } from "../../components/ui/email-address";
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

/**
 * `?confirm=<user id>`: the confirmation step of a grant or revoke, rendered by the server. A
 * row's button asks for it without JavaScript; with JavaScript the same button opens a dialog.
 */
const CONFIRM_PARAM = "confirm";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = adminSearchText(params.get("q"));
  const roleParam = params.get("role");
  const role = USER_ROLE_FILTERS.find((r) => r === roleParam) ?? "all";
  const confirmId = params.get(CONFIRM_PARAM);
  try {
    const [list, target] = await Promise.all([
      listUsers(context.db, { q, role, position: readPosition(params) }),
      confirmId && isUuid(confirmId) ? findRoleChangeTarget(context.db, confirmId) : null,
    ]);
    // Your own admin role is not yours to revoke: there is nothing to confirm.
    const confirm = target && !(target.isAdmin && target.id === viewer.userId) ? target : null;
    return { viewerId: viewer.userId, q, role, confirm, ...list };
  } catch (error) {
    context.logger.error({ err: error }, "could not list users");
    return { viewerId: viewer.userId, q, role, confirm: null, failed: true as const };
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
  const navigation = useNavigation();
  const searching = navigation.state === "loading";
  const result = useActionData<typeof action>();
  const listUrl = useListUrl();
  return (
    <AdminPage
      title="User Management"
      description="Find people, see their roles and activity, and decide who may administer."
    >
      {result ? (
        <p
          role="status"
          className={
            result.ok
              ? "rounded-card border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900"
              : "rounded-card border border-red-200 bg-red-50 p-4 text-sm font-medium text-red-900"
          }
        >
          {result.ok || result.message === M.updateRoleFailed
            ? result.message
            : `${M.updateRoleFailed}: ${result.message}`}
        </p>
      ) : null}
      {loaderData.confirm ? (
        <Card
          role="region"
          aria-labelledby="confirm-role-title"
          className="grid gap-4 border-brand-300 p-5 sm:p-6"
        >
          <RoleChangeQuestion person={loaderData.confirm} titleId="confirm-role-title" />
          <Form method="post" action={listUrl} className="flex flex-wrap justify-end gap-2">
            <RoleChangeFields person={loaderData.confirm} />
            <Link to={listUrl} className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Link>
            <RoleChangeSubmit
              person={loaderData.confirm}
              busy={navigation.state === "submitting"}
            />
          </Form>
        </Card>
      ) : null}
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

/** This list's URL without a confirmation step: where a confirmation returns to. */
function useListUrl(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete(CONFIRM_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

type RoleChangePerson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
};

const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** The question a grant or revoke asks first, naming the person it changes. */
function RoleChangeQuestion({ person, titleId }: { person: RoleChangePerson; titleId: string }) {
  const name = nameOf(person);
  return (
    <div className="grid gap-1">
      <h2 id={titleId} className="text-lg font-semibold">
        {person.isAdmin ? M.confirmRevokeTitle(name) : M.confirmGrantTitle(name)}
      </h2>
      <p className="text-sm text-muted">
        {person.isAdmin
          ? M.confirmRevokeBody(name, person.email)
          : M.confirmGrantBody(name, person.email)}
      </p>
    </div>
  );
}

/** What the action reads: whose role, and which way. */
function RoleChangeFields({ person }: { person: RoleChangePerson }) {
  return (
    <>
      <input type="hidden" name="userId" value={person.id} />
      <input type="hidden" name="intent" value={person.isAdmin ? "revoke" : "grant"} />
    </>
  );
}

function RoleChangeSubmit({ person, busy }: { person: RoleChangePerson; busy: boolean }) {
  return (
    <Button type="submit" variant={person.isAdmin ? "danger" : "primary"} disabled={busy}>
      {person.isAdmin
        ? busy
          ? M.revokingAdmin
          : M.revokeAdmin
        : busy
          ? M.makingAdmin
          : M.makeAdmin}
    </Button>
  );
}

function UserRow({ user, isSelf }: { user: UserItem; isSelf: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // The dialog is open from the press until the action answers: an answer newer than the one
  // there was at the press closes it.
  const [openedWith, setOpenedWith] = useState<{ data: typeof fetcher.data } | null>(null);
  const open = openedWith !== null && openedWith.data === fetcher.data;
  const setOpen = (next: boolean) => setOpenedWith(next ? { data: fetcher.data } : null);
  const busy = fetcher.state !== "idle";
  const name = nameOf(user);
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(M.updateRoleFailed, { description: fetcher.data.message });
  }, [fetcher.data]);
  const label = user.isAdmin ? M.revokeAdmin : M.makeAdmin;
  // The list's own parameters ride along, so the confirmation step shows this same page.
  const keep = [...new URLSearchParams(location.search)].filter(([key]) => key !== CONFIRM_PARAM);
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
            <p className="text-muted">
              <EmailAddress email={user.email} />
            </p>
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
        {isSelf || !user.isActive ? null : (
          // On the person's request only (ADR 91): the page states what deleting does first.
          <Link
            to={`/admin/users/${user.id}/delete`}
            className="mt-1 inline-block font-medium text-danger hover:underline"
            aria-label={`${PRIVACY.adminDeleteLink}: ${name}`}
          >
            {PRIVACY.adminDeleteLink}
          </Link>
        )}
      </Td>
      <Td className="text-right max-md:w-full max-md:text-left">
        <form method="get" action={location.pathname}>
          {keep.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <Button
            ref={button}
            type="submit"
            name={CONFIRM_PARAM}
            value={user.id}
            variant="outline"
            size="sm"
            className={
              user.isAdmin ? "text-danger hover:border-red-300 hover:bg-red-50" : undefined
            }
            disabled={busy || (user.isAdmin && isSelf)}
            title={user.isAdmin && isSelf ? M.cannotRevokeSelf : undefined}
            aria-label={`${label}: ${name}`}
            aria-haspopup="dialog"
            onClick={(event) => {
              // With JavaScript the question is a dialog; without, the server asks it.
              event.preventDefault();
              setOpen(true);
            }}
          >
            {label}
          </Button>
        </form>
        <Dialog
          open={open}
          onOpenChange={(next) => {
            if (!busy) setOpen(next);
          }}
        >
          <DialogContent
            // Not a DialogTrigger (the button is a plain form's without JavaScript): the focus
            // goes back to it by hand.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
            title={user.isAdmin ? M.confirmRevokeTitle(name) : M.confirmGrantTitle(name)}
            description={
              user.isAdmin
                ? M.confirmRevokeBody(name, user.email)
                : M.confirmGrantBody(name, user.email)
            }
          >
            <fetcher.Form method="post" className="flex flex-wrap justify-end gap-2">
              <RoleChangeFields person={user} />
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </DialogClose>
              <RoleChangeSubmit person={user} busy={busy} />
            </fetcher.Form>
          </DialogContent>
        </Dialog>
      </Td>
    </Tr>
  );
}
