-- Profiles stay live while edits are reviewed (ADR 83): an approved advisor's edit waits here.
CREATE TABLE "advisor_profile_proposals" (
	"advisor_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb,
	"headshot_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "advisor_profile_proposals_status_check" CHECK (status in ('pending', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "advisor_profile_proposals" ADD CONSTRAINT "advisor_profile_proposals_advisor_id_advisors_id_fk" FOREIGN KEY ("advisor_id") REFERENCES "public"."advisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advisor_profile_proposals_queue_idx" ON "advisor_profile_proposals" USING btree ("submitted_at","advisor_id") WHERE "advisor_profile_proposals"."status" = 'pending';