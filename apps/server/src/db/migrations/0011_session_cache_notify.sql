-- Every server instance keeps signed-in sessions and their member's row in memory (core/session-cache.ts).
-- These triggers name, on commit, the members whose row changed or whose sessions ended, whoever made
-- the change: `*` when too many to list (a NOTIFY payload stays under 8 kB) or a table was truncated.
CREATE FUNCTION vouched_notify_identity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n int; ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vouched_identity', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'users' THEN
    SELECT count(DISTINCT id), string_agg(DISTINCT id::text, ',') INTO n, ids FROM old_rows;
  ELSE
    SELECT count(DISTINCT user_id), string_agg(DISTINCT user_id::text, ',') INTO n, ids FROM old_rows;
  END IF;
  IF n > 500 THEN
    PERFORM pg_notify('vouched_identity', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('vouched_identity', ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_identity_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
--> statement-breakpoint
CREATE TRIGGER users_identity_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
--> statement-breakpoint
CREATE TRIGGER users_identity_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
--> statement-breakpoint
CREATE TRIGGER sessions_identity_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
--> statement-breakpoint
CREATE TRIGGER sessions_identity_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
--> statement-breakpoint
CREATE TRIGGER sessions_identity_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
