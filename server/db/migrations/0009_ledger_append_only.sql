-- The ledger is append-only, like the audit log: a credit, debit or payout is never changed
-- or deleted; a correction is a new entry. The database enforces it for every code path.
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete
  BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();
--> statement-breakpoint
-- Sessions paid before the ledger existed: credited at no commission (the only rate there
-- was), debited where refunded, and queued to be paid out once the advisor has an account.
INSERT INTO "ledger_entries" ("advisor_id", "kind", "amount", "booking_id", "payment_id", "fee_amount", "commission_percent", "commission_amount", "created_at")
  SELECT b.advisor_id, 'session_credit', p.fee_amount, b.id, p.id, p.fee_amount, 0, 0, p.updated_at
  FROM "bookings" b JOIN "payments" p ON p.id = b.payment_id
  WHERE b.status IN ('confirmed', 'completed', 'cancelled') AND p.status IN ('paid', 'refunded') AND p.fee_amount > 0;--> statement-breakpoint
INSERT INTO "ledger_entries" ("advisor_id", "kind", "amount", "booking_id", "payment_id", "refund_id", "created_at")
  SELECT c.advisor_id, 'refund_debit', -c.amount, c.booking_id, c.payment_id, r.id, r.created_at
  FROM "ledger_entries" c JOIN "refunds" r ON r.booking_id = c.booking_id
  WHERE c.kind = 'session_credit';--> statement-breakpoint
INSERT INTO "payout_transfers" ("advisor_id", "booking_id", "payment_id", "amount", "status")
  SELECT c.advisor_id, c.booking_id, c.payment_id, c.amount,
    CASE WHEN EXISTS (SELECT 1 FROM "refunds" r WHERE r.booking_id = c.booking_id) THEN 'cancelled' ELSE 'awaiting_account' END
  FROM "ledger_entries" c WHERE c.kind = 'session_credit';--> statement-breakpoint
INSERT INTO "payout_accounts" ("advisor_id")
  SELECT a.id FROM "advisors" a WHERE a.bank_account_number IS NOT NULL;
