-- A year of data: money views and reconciliation at scale (ADR 80).
--
-- Change stamps. The reconciliation checks what was written since its last run; updated_at is
-- the app's clock (a request's `now`, set by hand in places), so each money table gets the
-- database's own: changed_at, set by a trigger on every write whatever the client sends. Not
-- in schema.ts: no query of the app names it, only the reconciliation's SQL reads it.
-- Rows written before this migration are stamped 'epoch': no run counts them as changed, the
-- reconciliation's month-by-month sweep checks them.
CREATE FUNCTION stamp_changed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_at := now();
  RETURN NEW;
END;
$$;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_transfers" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
CREATE TRIGGER payments_changed_at BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
CREATE TRIGGER bookings_changed_at BEFORE INSERT OR UPDATE ON "bookings" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
CREATE TRIGGER refunds_changed_at BEFORE INSERT OR UPDATE ON "refunds" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
CREATE TRIGGER payout_transfers_changed_at BEFORE INSERT OR UPDATE ON "payout_transfers" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
-- The ledger is never updated (migration 0009): its stamp is the moment an entry was written.
CREATE TRIGGER ledger_entries_changed_at BEFORE INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
CREATE INDEX "payments_changed_idx" ON "payments" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "bookings_changed_idx" ON "bookings" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "refunds_changed_idx" ON "refunds" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_changed_idx" ON "payout_transfers" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_changed_idx" ON "ledger_entries" USING btree ("changed_at");--> statement-breakpoint
-- What the reconciliation joins a payment with, each by one probe; the months it sweeps.
CREATE INDEX "bookings_payment_idx" ON "bookings" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_paid_created_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('paid', 'refunded');--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "watermark" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "swept_to" text;--> statement-breakpoint
CREATE INDEX "reconciliation_runs_ran_at_idx" ON "reconciliation_runs" USING btree ("ran_at");--> statement-breakpoint
-- Transfers: the payout job reads the open ones in the order they fall due, up to its batch;
-- the Payouts page the held ones by release (and their count and sum from the index alone)
-- and the failed ones newest first. None reads the released and settled history. A held
-- transfer's next attempt is its release (the payout job sets it); one held before this, or
-- whose session moves, is looked at from the session's end on.
DROP INDEX "payout_transfers_due_idx";--> statement-breakpoint
CREATE INDEX "payout_transfers_open_idx" ON "payout_transfers" USING btree ("next_attempt_at","id","status","amount") WHERE "payout_transfers"."status" in ('pending', 'on_hold', 'reversing');--> statement-breakpoint
UPDATE "payout_transfers" t SET "next_attempt_at" = greatest(t.next_attempt_at, b.ends_at)
  FROM "bookings" b WHERE b.id = t.booking_id AND t.status = 'on_hold';--> statement-breakpoint
CREATE FUNCTION payout_transfers_follow_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_transfers SET next_attempt_at = NEW.ends_at WHERE booking_id = NEW.id AND status = 'on_hold';
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_held_transfer AFTER UPDATE OF ends_at ON "bookings" FOR EACH ROW
  WHEN (OLD.ends_at IS DISTINCT FROM NEW.ends_at) EXECUTE FUNCTION payout_transfers_follow_session();--> statement-breakpoint
CREATE INDEX "payout_transfers_failed_idx" ON "payout_transfers" USING btree ("updated_at","id") WHERE "payout_transfers"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "payout_accounts_sync_idx" ON "payout_accounts" USING btree ("next_attempt_at") WHERE "payout_accounts"."needs_sync";--> statement-breakpoint
--
-- Each advisor's balance, kept with the ledger: what the platform holds for them (pending +
-- available, every entry) and what was paid out (payouts less returns). Written when the
-- entry's transaction commits, so the row is locked for that instant only.
CREATE TABLE "advisor_balances" (
	"advisor_id" uuid PRIMARY KEY NOT NULL REFERENCES "advisors"("id") ON DELETE cascade,
	"held" bigint NOT NULL,
	"paid" bigint NOT NULL
);--> statement-breakpoint
-- The Payouts page lists them most owed first, a page at a time.
CREATE INDEX "advisor_balances_held_idx" ON "advisor_balances" USING btree ("held","advisor_id");--> statement-breakpoint
CREATE FUNCTION advisor_balances_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO advisor_balances AS b (advisor_id, held, paid)
    VALUES (NEW.advisor_id, NEW.amount,
            CASE WHEN NEW.kind IN ('payout', 'payout_returned') THEN -NEW.amount ELSE 0 END)
    ON CONFLICT (advisor_id) DO UPDATE SET held = b.held + excluded.held, paid = b.paid + excluded.paid;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advisor_balances_add();--> statement-breakpoint
INSERT INTO "advisor_balances" ("advisor_id", "held", "paid")
  SELECT advisor_id, sum(amount), coalesce(-sum(amount) FILTER (WHERE kind IN ('payout', 'payout_returned')), 0)
  FROM "ledger_entries" GROUP BY advisor_id;--> statement-breakpoint
--
-- Each month's money, kept with the writes that move it. payment_money_now is the rule: one
-- paid payment's part of its month (India's calendar), as the reconciliation's monthTotals
-- counts it (core/ledger.ts). payment_money keeps that part as last counted, money_months the
-- sums; a write refreshes its payment when its transaction commits, under the payment's lock,
-- so the last writer always counts every change before it.
CREATE VIEW "payment_money_now" AS
  SELECT p.id AS payment_id,
    to_char((p.created_at AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM') AS month,
    count(*)::int AS payments,
    sum(p.amount)::bigint AS collected,
    sum(coalesce(c.amount, 0) + coalesce(d.amount, 0))::bigint AS advisor_shares,
    sum(CASE WHEN coalesce(r.amount, 0) = 0 THEN coalesce(c.commission_amount, 0) ELSE 0 END)::bigint AS commission,
    sum(CASE WHEN coalesce(r.amount, 0) = 0 THEN p.gst_amount ELSE 0 END)::bigint AS gst,
    sum(coalesce(r.amount, 0))::bigint AS refunds
  FROM payments p
  LEFT JOIN bookings b ON b.payment_id = p.id
  LEFT JOIN ledger_entries c ON c.booking_id = b.id AND c.kind = 'session_credit'
  LEFT JOIN ledger_entries d ON d.booking_id = b.id AND d.kind = 'refund_debit'
  LEFT JOIN refunds r ON r.payment_id = p.id
  WHERE p.status IN ('paid', 'refunded')
  GROUP BY p.id;--> statement-breakpoint
CREATE TABLE "payment_money" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"payments" integer NOT NULL,
	"collected" bigint NOT NULL,
	"advisor_shares" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"refunds" bigint NOT NULL
);--> statement-breakpoint
CREATE TABLE "money_months" (
	"month" text PRIMARY KEY NOT NULL,
	"payments" integer NOT NULL,
	"collected" bigint NOT NULL,
	"advisor_shares" bigint NOT NULL,
	"commission" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"refunds" bigint NOT NULL
);--> statement-breakpoint
CREATE FUNCTION payment_money_refresh(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was payment_money%ROWTYPE;
  now_ payment_money%ROWTYPE;
BEGIN
  -- Once the lock is ours, every other refresh of this payment has committed; each statement
  -- below reads afresh (read committed), so it counts their changes with ours. NO KEY UPDATE:
  -- the key-share locks that a credit's or refund's foreign key holds must not deadlock it.
  PERFORM 1 FROM payments WHERE id = pid FOR NO KEY UPDATE;
  SELECT * INTO was FROM payment_money WHERE payment_id = pid;
  SELECT * INTO now_ FROM payment_money_now WHERE payment_id = pid;
  IF was IS NOT DISTINCT FROM now_ THEN RETURN; END IF;
  IF was.payment_id IS NOT NULL THEN
    DELETE FROM payment_money WHERE payment_id = pid;
    UPDATE money_months SET payments = payments - was.payments, collected = collected - was.collected,
      advisor_shares = advisor_shares - was.advisor_shares, commission = commission - was.commission,
      gst = gst - was.gst, refunds = refunds - was.refunds
    WHERE month = was.month;
  END IF;
  IF now_.payment_id IS NOT NULL THEN
    INSERT INTO payment_money VALUES (now_.*);
    INSERT INTO money_months AS m
      VALUES (now_.month, now_.payments, now_.collected, now_.advisor_shares, now_.commission, now_.gst, now_.refunds)
      ON CONFLICT (month) DO UPDATE SET payments = m.payments + excluded.payments,
        collected = m.collected + excluded.collected, advisor_shares = m.advisor_shares + excluded.advisor_shares,
        commission = m.commission + excluded.commission, gst = m.gst + excluded.gst, refunds = m.refunds + excluded.refunds;
  END IF;
END;
$$;--> statement-breakpoint
-- TG_ARGV[0] names the column that leads to the payment: id (payments), payment_id (bookings,
-- refunds), or booking_id (the ledger: a credit or debit counts for its booking's payment).
CREATE FUNCTION payment_money_touched() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[] := ARRAY[(to_jsonb(NEW) ->> TG_ARGV[0])::uuid, (to_jsonb(OLD) ->> TG_ARGV[0])::uuid];
  pid uuid;
BEGIN
  IF TG_ARGV[0] = 'booking_id' THEN
    ids := ARRAY(SELECT payment_id FROM bookings WHERE id = ANY(ids));
  END IF;
  FOR pid IN SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL LOOP
    PERFORM payment_money_refresh(pid);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_money AFTER INSERT OR UPDATE OR DELETE ON "payments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_money_touched('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_money AFTER INSERT OR DELETE ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_money_moved AFTER UPDATE OF payment_id ON "bookings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.payment_id IS DISTINCT FROM NEW.payment_id)
  EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_money AFTER INSERT OR DELETE ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_money_changed AFTER UPDATE OF amount, payment_id ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.amount, OLD.payment_id) IS DISTINCT FROM (NEW.amount, NEW.payment_id))
  EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_money AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.kind IN ('session_credit', 'refund_debit'))
  EXECUTE FUNCTION payment_money_touched('booking_id');--> statement-breakpoint
INSERT INTO "payment_money" SELECT * FROM "payment_money_now";--> statement-breakpoint
INSERT INTO "money_months"
  SELECT month, sum(payments), sum(collected), sum(advisor_shares), sum(commission), sum(gst), sum(refunds)
  FROM "payment_money" GROUP BY month;
