-- Extensions used by constraints and search (PGlite loads them from its contrib bundle).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Two live bookings of one advisor can never overlap in time, even across app instances
-- (ADR 2). Half-open ranges let back-to-back sessions touch. An expired hold is moved
-- to status 'expired' before a new booking is written, so only live rows take part here.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("advisor_id" WITH =, tstzrange("datetime", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending_payment', 'confirmed', 'completed'));
