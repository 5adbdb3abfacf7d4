CREATE TABLE "member_activity_scores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"score" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_activity_window" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_start" date NOT NULL,
	CONSTRAINT "member_activity_window_single_row" CHECK ("member_activity_window"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_activity_scores" ADD CONSTRAINT "member_activity_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_activity_scores_score_idx" ON "member_activity_scores" USING btree ("score" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_title_trgm_idx" ON "users" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_vouch_count_idx" ON "users" USING btree ("vouch_count" DESC NULLS LAST,"reputation_score" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_hashtags_user_count_idx" ON "member_hashtags" USING btree ("user_id","count" DESC NULLS LAST,"hashtag_id");