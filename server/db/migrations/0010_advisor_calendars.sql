CREATE TABLE "advisor_calendar_busy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advisor_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	CONSTRAINT "advisor_calendar_busy_order_check" CHECK ("advisor_calendar_busy"."start_time" < "advisor_calendar_busy"."end_time")
);
--> statement-breakpoint
CREATE TABLE "advisor_calendar_connections" (
	"advisor_id" uuid PRIMARY KEY NOT NULL,
	"auth_account_id" text NOT NULL,
	"google_email" text,
	"calendars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busy_calendar_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"event_calendar_id" text,
	"status" text DEFAULT 'ok' NOT NULL,
	"last_error" text,
	"busy_checked_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_calendar_connections_auth_account_id_unique" UNIQUE("auth_account_id"),
	CONSTRAINT "advisor_calendar_connections_status_check" CHECK (status in ('ok', 'unreachable', 'revoked'))
);
--> statement-breakpoint
CREATE TABLE "advisor_calendar_events" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"advisor_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"event_id" text,
	"wanted" text DEFAULT 'present' NOT NULL,
	"wanted_version" integer DEFAULT 1 NOT NULL,
	"synced_version" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advisor_calendar_events_wanted_check" CHECK (wanted in ('present', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "calendar_watch_channels" (
	"id" text PRIMARY KEY NOT NULL,
	"advisor_id" uuid NOT NULL,
	"calendar_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advisor_calendar_busy" ADD CONSTRAINT "advisor_calendar_busy_advisor_id_advisor_calendar_connections_advisor_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisor_calendar_connections"("advisor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_calendar_connections" ADD CONSTRAINT "advisor_calendar_connections_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_calendar_connections" ADD CONSTRAINT "advisor_calendar_connections_auth_account_id_auth_accounts_id_fk" FOREIGN KEY ("auth_account_id") REFERENCES "public"."auth_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_calendar_events" ADD CONSTRAINT "advisor_calendar_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advisor_calendar_events" ADD CONSTRAINT "advisor_calendar_events_advisor_id_advisor_calendar_connections_advisor_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisor_calendar_connections"("advisor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_watch_channels" ADD CONSTRAINT "calendar_watch_channels_advisor_id_advisor_calendar_connections_advisor_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisor_calendar_connections"("advisor_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_calendar_busy_advisor_time_idx" ON "advisor_calendar_busy" USING btree ("advisor_id","start_time");--> statement-breakpoint
CREATE INDEX "advisor_calendar_connections_refresh_idx" ON "advisor_calendar_connections" USING btree ("next_refresh_at");--> statement-breakpoint
CREATE INDEX "advisor_calendar_events_due_idx" ON "advisor_calendar_events" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "calendar_watch_channels_advisor_idx" ON "calendar_watch_channels" USING btree ("advisor_id","calendar_id");--> statement-breakpoint
-- An advisor's Google busy times are offered slots' input: cached slot answers follow them.
CREATE TRIGGER advisor_calendar_busy_public_change AFTER INSERT OR UPDATE OR DELETE ON "advisor_calendar_busy"
  FOR EACH ROW EXECUTE FUNCTION notify_public_change();
