import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import type {
  FailedTransferRow,
  HeldTransferRow,
  PayoutActionAnswer,
  PayoutList,
  PayoutListPage,
} from "../../../../core/admin/payouts";
import { formatAdminDate, formatPaise } from "../../../../core/format";
import { PAYOUT_MESSAGES as M } from "../../../../core/messages/payouts";
import { QUESTION_MESSAGES } from "../../../../core/messages/questions";
import { Button } from "../../ui/button";
import { EmailAddress } from "../../ui/email-address";
import { Table, Td, Th, THead, Tr } from "../../ui/table";
import { ListPages } from "./list-pages";
import { PhoneLabel, Section, Time, useToastAnswer } from "./payout-section";

/** A paid question's share is dated by its answer (ADR 98), and says so. */
const QUESTION_LINE = QUESTION_MESSAGES.earningsLine;

/** A list of transfers: its empty line, its table (stacked on phones) and its pages. */
function TransferList({
  list,
  title,
  empty,
  caption,
  pagesLabel,
  headings,
  page,
  children,
}: {
  list: PayoutList;
  title: string;
  empty: string;
  caption: string;
  pagesLabel: string;
  headings: ReactNode;
  page: PayoutListPage<unknown>;
  children: ReactNode;
}) {
  return (
    <Section title={title}>
      {page.rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <>
          <Table>
            <caption className="sr-only">{caption}</caption>
            <THead>
              <tr>{headings}</tr>
            </THead>
            <tbody>{children}</tbody>
          </Table>
          <ListPages list={list} label={pagesLabel} page={page} />
        </>
      )}
    </Section>
  );
}

export function FailedTransfers({ failed }: { failed: PayoutListPage<FailedTransferRow> }) {
  return (
    <TransferList
      list="failed"
      title={M.failedTitle}
      empty={M.failedEmpty}
      caption={M.failedCaption}
      pagesLabel={M.failedPages}
      page={failed}
      headings={
        <>
          <Th>Advisor</Th>
          <Th>Session</Th>
          <Th className="text-right">Amount</Th>
          <Th>Reason</Th>
          <Th>
            <span className="sr-only">Action</span>
          </Th>
        </>
      }
    >
      {failed.rows.map((transfer) => (
        <FailedRow key={transfer.id} transfer={transfer} />
      ))}
    </TransferList>
  );
}

function FailedRow({ transfer }: { transfer: FailedTransferRow }) {
  const fetcher = useFetcher<PayoutActionAnswer>();
  const busy = fetcher.state !== "idle";
  useToastAnswer(fetcher.data, M.retryFailed);
  return (
    <Tr data-testid="failed-transfer">
      <Td className="max-md:w-full">
        <p className="font-medium break-words">{transfer.advisorName}</p>
        <p className="text-muted">
          <EmailAddress email={transfer.advisorEmail} />
        </p>
        <p className="text-xs text-muted">
          {transfer.accountStatus ? M.accountStatus[transfer.accountStatus] : M.noAccount}
        </p>
      </Td>
      <Td className="whitespace-nowrap">
        <PhoneLabel>Session</PhoneLabel>
        <Time at={transfer.sessionAt} />
        {transfer.kind === "question" && <p className="text-xs text-muted">{QUESTION_LINE}</p>}
      </Td>
      <Td className="text-right font-semibold whitespace-nowrap tabular-nums">
        {formatPaise(transfer.amount)}
      </Td>
      <Td className="break-words text-red-800 max-md:w-full">
        {transfer.lastError ?? "—"}
        <p className="text-xs text-muted">
          Failed <Time at={transfer.failedAt} />
        </p>
      </Td>
      <Td className="text-right max-md:w-full max-md:text-left">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="transferId" value={transfer.id} />
          <Button
            type="submit"
            size="sm"
            disabled={busy}
            aria-label={M.retryLabel(transfer.advisorName)}
          >
            <RefreshCw aria-hidden="true" /> {M.retry}
          </Button>
        </fetcher.Form>
      </Td>
    </Tr>
  );
}

export function HeldTransfers({
  held,
  holdDays,
}: {
  held: PayoutListPage<HeldTransferRow>;
  holdDays: number;
}) {
  return (
    <TransferList
      list="held"
      title={M.onHoldTitle}
      empty={M.onHoldEmpty}
      caption={M.onHoldCaption}
      pagesLabel={M.onHoldPages}
      page={held}
      headings={
        <>
          <Th>Advisor</Th>
          <Th>Session</Th>
          <Th className="text-right">Amount</Th>
          <Th>Release</Th>
        </>
      }
    >
      {held.rows.map((transfer) => (
        <Tr key={transfer.id}>
          <Td className="font-medium break-words max-md:w-full">{transfer.advisorName}</Td>
          <Td className="whitespace-nowrap">
            <PhoneLabel>Session</PhoneLabel>
            <Time at={transfer.sessionAt} />
            {transfer.kind === "question" && <p className="text-xs text-muted">{QUESTION_LINE}</p>}
          </Td>
          <Td className="text-right font-semibold whitespace-nowrap tabular-nums">
            {formatPaise(transfer.amount)}
          </Td>
          <Td className="text-muted max-md:w-full">
            <PhoneLabel>Release</PhoneLabel>
            {transfer.releaseAt ? (
              <Time at={transfer.releaseAt} format={formatAdminDate} />
            ) : (
              M.afterSession(holdDays)
            )}
          </Td>
        </Tr>
      ))}
    </TransferList>
  );
}
