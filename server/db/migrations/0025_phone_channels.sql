CREATE TABLE "channel_delivery_days" (
	"day" text NOT NULL,
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_delivery_days_day_channel_name_pk" PRIMARY KEY("day","channel","name")
);
--> statement-breakpoint
CREATE TABLE "channel_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"to_phone" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"body" text NOT NULL,
	"booking_id" uuid,
	"session_start" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "channel_messages_channel_check" CHECK (channel in ('whatsapp', 'sms')),
	CONSTRAINT "channel_messages_status_check" CHECK (status in ('queued', 'sent', 'delivered', 'read', 'failed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_kind_check";--> statement-breakpoint
ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_source_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_channel_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_messages_due_idx" ON "channel_messages" USING btree ("next_attempt_at") WHERE "channel_messages"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "channel_messages_provider_idx" ON "channel_messages" USING btree ("channel","provider_id");--> statement-breakpoint
CREATE INDEX "channel_messages_failed_idx" ON "channel_messages" USING btree ("failed_at","id") WHERE "channel_messages"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "channel_messages_user_idx" ON "channel_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "channel_messages_booking_idx" ON "channel_messages" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_kind_check" CHECK (kind in ('terms', 'privacy', 'advisor_agreement', 'marketing', 'whatsapp', 'sms'));--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_source_check" CHECK (source in ('sign-up', 'application', 'settings', 'before-records', 'reply'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_channel_check" CHECK (channel in ('email', 'whatsapp', 'sms'));