-- A year of data: jobs that read only due rows. The reminders read confirmed sessions by
-- start, completion by end, the holds job lapsed holds; each partial index holds only rows
-- of its status, so it stays small however many sessions are completed.
CREATE INDEX "bookings_confirmed_start_idx" ON "bookings" USING btree ("datetime") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_confirmed_end_idx" ON "bookings" USING btree ("ends_at") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending_payment';