import { RefreshCw } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { type CacheHandle, NOT_KEPT } from "../../../core/cache-contract";
import { formatAdminDate } from "../../../core/format";
import { isUuid } from "../../../core/ids";
import { PHONE_MESSAGES as M } from "../../../core/messages/phone";
import { requireAdmin } from "../../../server/auth/session.server";
import { failedMessages, retryFailedMessage } from "../../../server/channels/channel-admin.server";
import { AdminPage } from "../../components/admin/admin-page";
import { Button } from "../../components/ui/button";
import { Table, Td, Th, THead, Tr } from "../../components/ui/table";
import { readForm } from "../../lib/request-body";
import type { Route } from "./+types/messages";

export function meta() {
  return [{ title: "Failed messages | BeenThere" }];
}

export const handle: CacheHandle = { cache: NOT_KEPT };

/** WhatsApp and SMS messages that ran out of tries or were refused for good (ADR 95). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const rows = await failedMessages(context.db);
  return { rows: rows.map((row) => ({ ...row, failedAt: formatAdminDate(row.failedAt!) })) };
}

/** Queue one again: fresh tries, due now, audited. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireAdmin(request, context);
  const form = await readForm(request);
  const id = form.get("messageId");
  if (form.get("intent") !== "retry" || typeof id !== "string")
    return data({ ok: false, message: M.actionInvalid }, { status: 400 });
  if (!isUuid(id)) return data({ ok: false, message: M.notDeadLetter }, { status: 404 });
  const result = await retryFailedMessage(context.db, {
    id,
    actorUserId: viewer.userId,
    requestId: context.requestId,
    now: context.now(),
  });
  if (!result.ok) return data({ ok: false, message: result.message }, { status: result.status });
  return { ok: true, message: result.message };
}

export default function FailedMessages({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <AdminPage
      title="Failed messages"
      description="WhatsApp and SMS messages that could not be sent after every retry. Queue one again once the cause is fixed."
    >
      {actionData ? (
        <p role="status" className={actionData.ok ? "text-brand-800" : "text-red-700"}>
          {actionData.message}
        </p>
      ) : null}
      {loaderData.rows.length === 0 ? (
        <p className="text-sm text-muted">No failed messages.</p>
      ) : (
        <Table>
          <caption className="sr-only">Failed WhatsApp and SMS messages, newest first</caption>
          <THead>
            <tr>
              <Th>Message</Th>
              <Th>To</Th>
              <Th>Error</Th>
              <Th>
                <span className="sr-only">Action</span>
              </Th>
            </tr>
          </THead>
          <tbody>
            {loaderData.rows.map((row) => (
              <Tr key={row.id} data-testid="failed-message">
                <Td className="max-md:w-full">
                  <p className="font-medium">
                    {row.channel} {row.message}
                  </p>
                  <p className="text-xs text-muted">
                    Failed {row.failedAt} after {row.attempts}{" "}
                    {row.attempts === 1 ? "try" : "tries"}
                  </p>
                </Td>
                <Td className="max-md:w-full">
                  <p>{row.to}</p>
                  <p className="text-muted">{row.phone}</p>
                </Td>
                <Td className="text-red-800 max-md:w-full">{row.lastError}</Td>
                <Td className="text-right max-md:w-full max-md:text-left">
                  <Form method="post">
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="messageId" value={row.id} />
                    <Button
                      type="submit"
                      size="sm"
                      disabled={busy}
                      aria-label={`Retry the ${row.channel} ${row.message} to ${row.to || row.phone}`}
                    >
                      <RefreshCw aria-hidden="true" /> Retry
                    </Button>
                  </Form>
                </Td>
              </Tr>
            ))}
          </tbody>
        </Table>
      )}
    </AdminPage>
  );
}
