-- Drizzle wrote `.desc()` index columns as DESC NULLS LAST, while every query orders by plain DESC
-- (NULLS FIRST): the orders differed, so PostgreSQL sorted whole row sets instead of reading the first
-- entries of the index. The columns are NOT NULL; the indexes now match the queries.
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "users_reputation_idx";--> statement-breakpoint
DROP INDEX "users_vouch_count_idx";--> statement-breakpoint
DROP INDEX "hashtags_count_idx";--> statement-breakpoint
DROP INDEX "member_hashtags_user_count_idx";--> statement-breakpoint
DROP INDEX "vouches_to_created_idx";--> statement-breakpoint
DROP INDEX "vouches_from_created_idx";--> statement-breakpoint
DROP INDEX "connection_requests_to_status_idx";--> statement-breakpoint
DROP INDEX "connection_requests_from_status_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "conversations_user1_idx";--> statement-breakpoint
DROP INDEX "conversations_user2_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_idx";--> statement-breakpoint
DROP INDEX "announcements_order_idx";--> statement-breakpoint
DROP INDEX "member_activity_scores_score_idx";--> statement-breakpoint
DROP INDEX "reports_status_created_idx";--> statement-breakpoint
CREATE INDEX "member_category_hashtags_top_idx" ON "member_category_hashtags" USING btree ("user_id","category","count" DESC NULLS FIRST,"hashtag_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_reputation_idx" ON "users" USING btree ("reputation_score" DESC NULLS FIRST,"vouch_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_vouch_count_idx" ON "users" USING btree ("vouch_count" DESC NULLS FIRST,"reputation_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "hashtags_count_idx" ON "hashtags" USING btree ("count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "member_hashtags_user_count_idx" ON "member_hashtags" USING btree ("user_id","count" DESC NULLS FIRST,"hashtag_id");--> statement-breakpoint
CREATE INDEX "vouches_to_created_idx" ON "vouches" USING btree ("to_user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "vouches_from_created_idx" ON "vouches" USING btree ("from_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "connection_requests_to_status_idx" ON "connection_requests" USING btree ("to_user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "connection_requests_from_status_idx" ON "connection_requests" USING btree ("from_user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_user1_idx" ON "conversations" USING btree ("user1_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_user2_idx" ON "conversations" USING btree ("user2_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "announcements_order_idx" ON "announcements" USING btree ("pinned" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "member_activity_scores_score_idx" ON "member_activity_scores" USING btree ("score" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);