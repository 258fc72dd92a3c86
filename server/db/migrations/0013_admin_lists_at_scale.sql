-- A year of data: admin lists paged by keys (created_at, id; server/db/keyset.ts) and searched
-- by index: part of a name or e-mail through trigrams (ILIKE '%text%'), the admins alone by a
-- partial index, a listed user's last sign-in by one probe.
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "auth_sessions_user_id_idx";--> statement-breakpoint
CREATE INDEX "advisors_status_created_id_idx" ON "advisors" USING btree ("profile_status","created_at","id");--> statement-breakpoint
CREATE INDEX "advisors_created_id_idx" ON "advisors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_id_idx" ON "audit_log" USING btree ("actor_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_created_id_idx" ON "audit_log" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_id_idx" ON "audit_log" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_label_trgm_idx" ON "audit_log" USING gin (("details" ->> 'targetLabel') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_sessions_user_created_idx" ON "auth_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_admins_created_id_idx" ON "users" USING btree ("created_at","id") WHERE "users"."admin" = 'Y';--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || E'\n' || "email") gin_trgm_ops);--> statement-breakpoint
-- Statistics for the expressions just indexed, so the planner weighs a search from the first
-- request (autovacuum would only get to it later).
ANALYZE "users";--> statement-breakpoint
ANALYZE "audit_log";
