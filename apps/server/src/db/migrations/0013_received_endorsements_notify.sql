-- Profiles are kept in memory (features/profiles/profiles.snapshots.ts). On commit, these triggers name
-- on the identity channel of migration 0011, after the `received:` prefix, the members whose received
-- endorsements changed: written, edited, hidden, liked, commented on or removed (likes and comments move
-- the endorsement's counters in the same transaction).
CREATE FUNCTION vouched_notify_received() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n int; ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vouched_identity', 'received:*');
    RETURN NULL;
  END IF;
  SELECT count(DISTINCT to_user_id), string_agg(DISTINCT to_user_id::text, ',') INTO n, ids FROM changed_rows;
  IF n > 500 THEN
    PERFORM pg_notify('vouched_identity', 'received:*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('vouched_identity', 'received:' || ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouches_received_insert AFTER INSERT ON vouches
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_received();
--> statement-breakpoint
CREATE TRIGGER vouches_received_update AFTER UPDATE ON vouches
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_received();
--> statement-breakpoint
CREATE TRIGGER vouches_received_delete AFTER DELETE ON vouches
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_received();
--> statement-breakpoint
CREATE TRIGGER vouches_received_truncate AFTER TRUNCATE ON vouches
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_received();
