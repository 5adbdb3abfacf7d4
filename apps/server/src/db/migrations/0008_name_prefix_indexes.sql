CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_prefix_idx" ON "users" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_title_prefix_idx" ON "users" USING btree (lower("title") text_pattern_ops);