-- A seeker can never hold two live bookings that overlap in time, with any advisors, even
-- across app instances: the same rule as bookings_no_overlap, keyed on the seeker.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_seeker_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("datetime", "ends_at", '[)') WITH &&)
  WHERE ("status" IN ('pending_payment', 'confirmed', 'completed'));
