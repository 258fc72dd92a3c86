CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid,
	"transfer_id" uuid,
	"provider_transfer_id" text,
	"fee_amount" integer,
	"commission_percent" numeric(5, 2),
	"commission_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('session_credit', 'refund_debit', 'payout', 'payout_returned')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (case when "ledger_entries"."kind" in ('session_credit', 'payout_returned') then "ledger_entries"."amount" > 0 else "ledger_entries"."amount" < 0 end),
	CONSTRAINT "ledger_entries_credit_check" CHECK ("ledger_entries"."kind" <> 'session_credit' or ("ledger_entries"."fee_amount" is not null and "ledger_entries"."commission_percent" is not null and "ledger_entries"."commission_amount" is not null and "ledger_entries"."fee_amount" = "ledger_entries"."amount" + "ledger_entries"."commission_amount")),
	CONSTRAINT "ledger_entries_payout_check" CHECK ("ledger_entries"."kind" not in ('payout', 'payout_returned') or "ledger_entries"."provider_transfer_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"advisor_id" uuid PRIMARY KEY NOT NULL,
	"provider_account_id" text,
	"provider_product_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"needs_sync" boolean DEFAULT true NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_provider_account_id_unique" UNIQUE("provider_account_id"),
	CONSTRAINT "payout_accounts_status_check" CHECK (status in ('pending', 'under_review', 'activated', 'needs_clarification'))
);
--> statement-breakpoint
CREATE TABLE "payout_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"provider_transfer_id" text,
	"provider_settlement_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"released_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "payout_transfers_provider_transfer_id_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "payout_transfers_status_check" CHECK (status in ('awaiting_account', 'pending', 'on_hold', 'released', 'settled', 'failed', 'reversing', 'reversed', 'cancelled')),
	CONSTRAINT "payout_transfers_amount_check" CHECK ("payout_transfers"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"differences" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_advisor_idx" ON "ledger_entries" USING btree ("advisor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_booking_idx" ON "ledger_entries" USING btree ("booking_id","kind") WHERE "ledger_entries"."kind" in ('session_credit', 'refund_debit');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_once_per_transfer_idx" ON "ledger_entries" USING btree ("provider_transfer_id","kind") WHERE "ledger_entries"."kind" in ('payout', 'payout_returned');--> statement-breakpoint
CREATE INDEX "payout_transfers_due_idx" ON "payout_transfers" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_advisor_idx" ON "payout_transfers" USING btree ("advisor_id");