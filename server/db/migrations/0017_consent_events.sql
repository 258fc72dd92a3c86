CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"version" text NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_events_kind_check" CHECK (kind in ('terms', 'privacy', 'advisor_agreement', 'marketing')),
	CONSTRAINT "consent_events_action_check" CHECK (action in ('granted', 'withdrawn')),
	CONSTRAINT "consent_events_source_check" CHECK (source in ('sign-up', 'application', 'settings', 'before-records'))
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","kind","at");