CREATE TABLE "advisor_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sessions" smallint NOT NULL,
	"duration" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"price_inr" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_packages_status_check" CHECK (status in ('active', 'withdrawn')),
	CONSTRAINT "advisor_packages_sessions_check" CHECK (sessions between 2 and 12),
	CONSTRAINT "advisor_packages_duration_check" CHECK ("advisor_packages"."duration" in (15, 30)),
	CONSTRAINT "advisor_packages_validity_check" CHECK (validity_days between 14 and 180),
	CONSTRAINT "advisor_packages_price_check" CHECK (price_inr between 100 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "package_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sessions" smallint NOT NULL,
	"duration" smallint NOT NULL,
	"validity_days" smallint NOT NULL,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_purchases_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "package_purchases_status_check" CHECK (status in ('pending_payment', 'active', 'used', 'cancelled', 'withdrawn', 'expired')),
	CONSTRAINT "package_purchases_duration_check" CHECK ("package_purchases"."duration" in (15, 30)),
	CONSTRAINT "package_purchases_active_check" CHECK ("package_purchases"."status" not in ('active', 'used', 'expired') or "package_purchases"."expires_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "booking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "package_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "package_session_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "money_months" ADD COLUMN "prepaid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_money" ADD COLUMN "prepaid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "package_purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gst_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "advisor_packages" ADD CONSTRAINT "advisor_packages_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_packages" ADD CONSTRAINT "advisor_packages_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_package_id_advisor_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."advisor_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_purchases" ADD CONSTRAINT "package_purchases_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_packages_advisor_idx" ON "advisor_packages" USING btree ("advisor_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchases_user_idx" ON "package_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchases_advisor_idx" ON "package_purchases" USING btree ("advisor_id","created_at");--> statement-breakpoint
CREATE INDEX "package_purchases_expiry_idx" ON "package_purchases" USING btree ("expires_at") WHERE "package_purchases"."status" = 'active';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_package_purchase_id_package_purchases_id_fk" FOREIGN KEY ("package_purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_package_purchase_id_package_purchases_id_fk" FOREIGN KEY ("package_purchase_id") REFERENCES "public"."package_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_package_purchase_idx" ON "bookings" USING btree ("package_purchase_id") WHERE "bookings"."package_purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_package_purchase_idx" ON "refunds" USING btree ("package_purchase_id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_subject_check" CHECK (num_nonnulls("refunds"."booking_id", "refunds"."package_purchase_id") = 1);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gst_check" CHECK ("refunds"."gst_amount" between 0 and "refunds"."amount");