CREATE TABLE "paid_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"message_id" bigint,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_inr" integer NOT NULL,
	"answer_days" smallint NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"paid_at" timestamp with time zone,
	"deadline" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"rating_helpfulness" smallint,
	"rating_actionability" smallint,
	"recommend_advisor" boolean,
	"written_feedback" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paid_questions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "paid_questions_status_check" CHECK (status in ('pending_payment', 'open', 'answered', 'refunded', 'abandoned')),
	CONSTRAINT "paid_questions_answer_days_check" CHECK ("paid_questions"."answer_days" between 1 and 7),
	CONSTRAINT "paid_questions_price_check" CHECK ("paid_questions"."price_inr" > 0),
	CONSTRAINT "paid_questions_open_check" CHECK ("paid_questions"."status" not in ('open', 'answered', 'refunded') or ("paid_questions"."paid_at" is not null and "paid_questions"."deadline" is not null)),
	CONSTRAINT "paid_questions_rating_check" CHECK (("paid_questions"."rated_at" is null) = ("paid_questions"."rating_helpfulness" is null) and ("paid_questions"."rated_at" is null or ("paid_questions"."status" = 'answered' and "paid_questions"."rating_helpfulness" between 1 and 5 and "paid_questions"."rating_actionability" between 1 and 5 and "paid_questions"."recommend_advisor" is not null))),
	CONSTRAINT "paid_questions_answered_check" CHECK ("paid_questions"."status" <> 'answered' or "paid_questions"."answered_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_subject_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_transfers" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "advisors" ADD COLUMN "question_price_inr" integer;--> statement-breakpoint
ALTER TABLE "advisors" ADD COLUMN "question_answer_days" smallint;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "question_id" uuid;--> statement-breakpoint
ALTER TABLE "paid_questions" ADD CONSTRAINT "paid_questions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_questions" ADD CONSTRAINT "paid_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_questions" ADD CONSTRAINT "paid_questions_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_questions" ADD CONSTRAINT "paid_questions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paid_questions" ADD CONSTRAINT "paid_questions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paid_questions_user_idx" ON "paid_questions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "paid_questions_advisor_idx" ON "paid_questions" USING btree ("advisor_id","created_at");--> statement-breakpoint
CREATE INDEX "paid_questions_conversation_idx" ON "paid_questions" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "paid_questions_deadline_idx" ON "paid_questions" USING btree ("deadline") WHERE "paid_questions"."status" = 'open';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_question_id_paid_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."paid_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_question_id_paid_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."paid_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_question_id_paid_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."paid_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_question_idx" ON "ledger_entries" USING btree ("question_id","kind") WHERE "ledger_entries"."kind" in ('session_credit', 'refund_debit');--> statement-breakpoint
CREATE INDEX "ledger_entries_question_idx" ON "ledger_entries" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_question_idx" ON "refunds" USING btree ("question_id");--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_question_id_unique" UNIQUE("question_id");--> statement-breakpoint
ALTER TABLE "advisors" ADD CONSTRAINT "advisors_question_offer_check" CHECK (num_nonnulls("advisors"."question_price_inr", "advisors"."question_answer_days") in (0, 2) and coalesce("advisors"."question_answer_days" between 1 and 7, true) and coalesce("advisors"."question_price_inr" > 0, true));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_subject_check" CHECK (num_nonnulls("ledger_entries"."booking_id", "ledger_entries"."question_id") = 1);--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_subject_check" CHECK (num_nonnulls("payout_transfers"."booking_id", "payout_transfers"."question_id") = 1);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subject_check" CHECK (num_nonnulls("refunds"."booking_id", "refunds"."package_purchase_id", "refunds"."question_id") = 1);--> statement-breakpoint
-- A paid question in the months' money (ADR 98): paid and not yet answered nor refunded, its
-- fee is prepaid, as an unused package session's is; answered, it is a credit like a session's.
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
    (CASE WHEN pp.id IS NULL AND q.id IS NULL THEN 0
      ELSE p.fee_amount - coalesce(e.fees, 0) - (coalesce(r.amount, 0) - coalesce(r.gst, 0)) END)::bigint AS prepaid
  FROM payments p
  LEFT JOIN LATERAL (
    SELECT sum(c.amount) AS shares,
      sum(c.commission_amount) FILTER (WHERE c.kind = 'session_credit' AND NOT EXISTS (
        SELECT 1 FROM ledger_entries d WHERE d.kind = 'refund_debit'
          AND (d.booking_id = c.booking_id OR d.question_id = c.question_id)
      )) AS commission,
      sum(c.fee_amount) FILTER (WHERE c.kind = 'session_credit' AND NOT EXISTS (
        SELECT 1 FROM ledger_entries d WHERE d.kind = 'refund_debit'
          AND (d.booking_id = c.booking_id OR d.question_id = c.question_id)
      )) AS fees
    FROM ledger_entries c WHERE c.payment_id = p.id AND c.kind IN ('session_credit', 'refund_debit')
  ) e ON true
  LEFT JOIN LATERAL (
    SELECT sum(amount) AS amount, sum(gst_amount) AS gst FROM refunds WHERE payment_id = p.id
  ) r ON true
  LEFT JOIN package_purchases pp ON pp.payment_id = p.id
  LEFT JOIN paid_questions q ON q.payment_id = p.id
  WHERE p.status IN ('paid', 'refunded');
--> statement-breakpoint
-- A question makes its payment's fee prepaid: its payment's part is counted again when the
-- question is written, whatever order the two rows come in.
CREATE CONSTRAINT TRIGGER paid_questions_money AFTER INSERT ON "paid_questions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION payment_money_touched('payment_id');
