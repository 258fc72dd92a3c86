CREATE TABLE "no_show_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"advisor_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reporter_role" text NOT NULL,
	"note" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"dispute_deadline" timestamp with time zone NOT NULL,
	"dispute_note" text,
	"disputed_at" timestamp with time zone,
	"status" text DEFAULT 'reported' NOT NULL,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "no_show_reports_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "no_show_reports_status_check" CHECK (status in ('reported', 'disputed', 'settled')),
	CONSTRAINT "no_show_reports_outcome_check" CHECK (outcome in ('advisor_absent', 'seeker_absent', 'no_fault')),
	CONSTRAINT "no_show_reports_role_check" CHECK (reporter_role in ('seeker', 'advisor')),
	CONSTRAINT "no_show_reports_settled_check" CHECK (("no_show_reports"."status" = 'settled') = ("no_show_reports"."outcome" is not null and "no_show_reports"."decided_at" is not null)),
	CONSTRAINT "no_show_reports_disputed_check" CHECK (("no_show_reports"."disputed_at" is null) = ("no_show_reports"."dispute_note" is null))
);
--> statement-breakpoint
ALTER TABLE "advisors" ADD COLUMN "hidden_for_no_shows_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_show_reports" ADD CONSTRAINT "no_show_reports_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "no_show_reports_due_idx" ON "no_show_reports" USING btree ("dispute_deadline") WHERE "no_show_reports"."status" = 'reported';--> statement-breakpoint
CREATE INDEX "no_show_reports_status_reported_id_idx" ON "no_show_reports" USING btree ("status","reported_at","id");--> statement-breakpoint
CREATE INDEX "no_show_reports_advisor_decided_idx" ON "no_show_reports" USING btree ("advisor_id","outcome","decided_at");--> statement-breakpoint
CREATE INDEX "no_show_reports_reported_idx" ON "no_show_reports" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "email_outbox_to_created_idx" ON "email_outbox" USING btree ("to_address","created_at");