-- Paid questions for the reconciliation and the months' money (ADR 80, ADR 98). Like the money
-- tables, paid_questions carries the database's own change stamp, so a run checks the payment
-- of a question whose state changed since the last run (answered, refunded) even when no money
-- row moved with it. Not in schema.ts, as in 0014: only the reconciliation's SQL reads it.
ALTER TABLE "paid_questions" ADD COLUMN "changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL;--> statement-breakpoint
ALTER TABLE "paid_questions" ALTER COLUMN "changed_at" SET DEFAULT now();--> statement-breakpoint
CREATE TRIGGER paid_questions_changed_at BEFORE INSERT OR UPDATE ON "paid_questions" FOR EACH ROW EXECUTE FUNCTION stamp_changed_at();--> statement-breakpoint
CREATE INDEX "paid_questions_changed_idx" ON "paid_questions" USING btree ("changed_at");--> statement-breakpoint
-- A question counts its payment's fee as prepaid (0033's payment_money_now): its payment's
-- part is counted again when a question is written or removed, as a booking's is (0014).
CREATE CONSTRAINT TRIGGER paid_questions_money AFTER INSERT OR DELETE ON "paid_questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION payment_money_touched('payment_id');
--> statement-breakpoint
-- Statistics from the start: a table never analyzed is guessed at ten pages, and the
-- incremental run's "changed since" union would then be planned with a scan of all payments.
ANALYZE "paid_questions";
