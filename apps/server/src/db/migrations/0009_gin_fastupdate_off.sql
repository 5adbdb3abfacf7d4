-- GIN's fast update parks new entries in a pending list that every scan reads in full until a vacuum
-- merges it. After a few thousand sign-ups, each trigram scan of a name index read thousands of
-- pending rows: a name search that matches nothing went from 0.3 to 3-11 ms. Members are added far
-- less often than they are searched, so new entries now go straight into the index; what is pending
-- is merged now.
ALTER INDEX "users_username_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_full_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_title_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "search_terms_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass)
FROM unnest(array['users_username_trgm_idx', 'users_full_name_trgm_idx', 'users_title_trgm_idx', 'search_terms_trgm_idx']) i;
