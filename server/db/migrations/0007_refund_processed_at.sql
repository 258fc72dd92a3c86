-- Cancelled sessions show when their refund was processed. Refunds processed before this
-- column existed were not changed after settling, so their updated_at is that moment.
ALTER TABLE "refunds" ADD COLUMN "processed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "refunds" SET "processed_at" = "updated_at" WHERE "status" = 'processed';
