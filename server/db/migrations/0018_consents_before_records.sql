-- Accounts older than the consent log (ADR 88) agreed at sign-up to the Terms and Privacy Policy
-- in force then, and advisors accepted the Advisor Agreement when they applied: one event each,
-- marked "before-records", at the time the account or profile was made. Invited advisors who
-- have not signed in yet have agreed to nothing and get their events when they sign up.
INSERT INTO "consent_events" ("user_id", "kind", "action", "version", "wording", "source", "at")
SELECT "id", 'terms', 'granted', '2025-06-30',
  'By signing up you agree to our Terms & Conditions and Privacy Policy.', 'before-records', "created_at"
FROM "users" WHERE "auth_user_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "consent_events" ("user_id", "kind", "action", "version", "wording", "source", "at")
SELECT "id", 'privacy', 'granted', '2025-09-04',
  'By signing up you agree to our Terms & Conditions and Privacy Policy.', 'before-records', "created_at"
FROM "users" WHERE "auth_user_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "consent_events" ("user_id", "kind", "action", "version", "wording", "source", "at")
SELECT "user_id", 'advisor_agreement', 'granted', '2025-06-30',
  'I accept the terms and conditions, the Advisor Agreement and the Code of Conduct.', 'before-records', "created_at"
FROM "advisors" WHERE "terms_accepted";
