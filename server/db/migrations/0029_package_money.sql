-- Packages in the months' money (issue 40, ADR 97). A package's payment has many sessions and
-- at most one refund of its unused rest, so a payment's part is now summed per payment (its
-- ledger entries and refunds by payment_id) rather than through one booking; what was paid for
-- sessions not yet used nor refunded is "prepaid", and a month adds up as collected = shares
-- + commission + GST + refunds + prepaid. A refund records its GST part: a booking's refund
-- returns all of its payment (the backfill below), a package's only its unused sessions' GST.
UPDATE "refunds" r SET "gst_amount" = (p.gst_amount::bigint * r.amount / p.amount)::int
  FROM "payments" p WHERE p.id = r.payment_id AND p.amount > 0;--> statement-breakpoint
DROP VIEW "payment_money_now";--> statement-breakpoint
CREATE VIEW "payment_money_now" AS
  SELECT p.id AS payment_id,
    to_char((p.created_at AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM') AS month,
    1 AS payments,
    p.amount::bigint AS collected,
    coalesce(e.shares, 0)::bigint AS advisor_shares,
    (CASE WHEN pp.id IS NULL AND coalesce(r.amount, 0) > 0 THEN 0
      ELSE coalesce(e.commission, 0) END)::bigint AS commission,
    (p.gst_amount - coalesce(r.gst, 0))::bigint AS gst,
    coalesce(r.amount, 0)::bigint AS refunds,
    (CASE WHEN pp.id IS NULL THEN 0
      ELSE p.fee_amount - coalesce(e.fees, 0) - (coalesce(r.amount, 0) - coalesce(r.gst, 0)) END)::bigint AS prepaid
  FROM payments p
  LEFT JOIN LATERAL (
    -- A credit taken back (its debit written) earned nothing: a package's session given back
    -- is used again later, by another credit.
    SELECT sum(c.amount) AS shares,
      sum(c.commission_amount) FILTER (WHERE c.kind = 'session_credit' AND NOT EXISTS (
        SELECT 1 FROM ledger_entries d WHERE d.booking_id = c.booking_id AND d.kind = 'refund_debit'
      )) AS commission,
      sum(c.fee_amount) FILTER (WHERE c.kind = 'session_credit' AND NOT EXISTS (
        SELECT 1 FROM ledger_entries d WHERE d.booking_id = c.booking_id AND d.kind = 'refund_debit'
      )) AS fees
    FROM ledger_entries c WHERE c.payment_id = p.id AND c.kind IN ('session_credit', 'refund_debit')
  ) e ON true
  LEFT JOIN LATERAL (
    SELECT sum(amount) AS amount, sum(gst_amount) AS gst FROM refunds WHERE payment_id = p.id
  ) r ON true
  LEFT JOIN package_purchases pp ON pp.payment_id = p.id
  WHERE p.status IN ('paid', 'refunded');--> statement-breakpoint
CREATE OR REPLACE FUNCTION payment_money_refresh(pid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  was payment_money%ROWTYPE;
  now_ payment_money%ROWTYPE;
BEGIN
  -- As in 0014: the payment's lock orders the refreshes; NO KEY UPDATE so the key-share locks
  -- of a credit's or refund's foreign key do not deadlock it.
  PERFORM 1 FROM payments WHERE id = pid FOR NO KEY UPDATE;
  SELECT * INTO was FROM payment_money WHERE payment_id = pid;
  SELECT * INTO now_ FROM payment_money_now WHERE payment_id = pid;
  IF was IS NOT DISTINCT FROM now_ THEN RETURN; END IF;
  IF was.payment_id IS NOT NULL THEN
    DELETE FROM payment_money WHERE payment_id = pid;
    UPDATE money_months SET payments = payments - was.payments, collected = collected - was.collected,
      advisor_shares = advisor_shares - was.advisor_shares, commission = commission - was.commission,
      gst = gst - was.gst, refunds = refunds - was.refunds, prepaid = prepaid - was.prepaid
    WHERE month = was.month;
  END IF;
  IF now_.payment_id IS NOT NULL THEN
    INSERT INTO payment_money VALUES (now_.*);
    INSERT INTO money_months AS m
      VALUES (now_.month, now_.payments, now_.collected, now_.advisor_shares, now_.commission, now_.gst, now_.refunds, now_.prepaid)
      ON CONFLICT (month) DO UPDATE SET payments = m.payments + excluded.payments,
        collected = m.collected + excluded.collected, advisor_shares = m.advisor_shares + excluded.advisor_shares,
        commission = m.commission + excluded.commission, gst = m.gst + excluded.gst,
        refunds = m.refunds + excluded.refunds, prepaid = m.prepaid + excluded.prepaid;
  END IF;
END;
$$;--> statement-breakpoint
-- A ledger entry counts for its own payment: a package session's booking has none.
DROP TRIGGER "ledger_entries_money" ON "ledger_entries";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_money AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.kind IN ('session_credit', 'refund_debit'))
  EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
DROP TRIGGER "refunds_money_changed" ON "refunds";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER refunds_money_changed AFTER UPDATE OF amount, gst_amount, payment_id ON "refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.amount, OLD.gst_amount, OLD.payment_id) IS DISTINCT FROM (NEW.amount, NEW.gst_amount, NEW.payment_id))
  EXECUTE FUNCTION payment_money_touched('payment_id');--> statement-breakpoint
-- Counted again by the new rule (a payment once counted per booking is now one payment).
DELETE FROM "payment_money";--> statement-breakpoint
DELETE FROM "money_months";--> statement-breakpoint
INSERT INTO "payment_money" SELECT * FROM "payment_money_now";--> statement-breakpoint
INSERT INTO "money_months"
  SELECT month, sum(payments), sum(collected), sum(advisor_shares), sum(commission), sum(gst), sum(refunds), sum(prepaid)
  FROM "payment_money" GROUP BY month;
