-- Discovery keeps each viewer's blocks in memory (features/discovery/discovery.popular.ts): a block
-- made or lifted names both members on the identity channel of migration 0011, on commit.
CREATE FUNCTION vouched_notify_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n int; ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('vouched_identity', '*');
    RETURN NULL;
  END IF;
  SELECT count(*), string_agg(id::text, ',') INTO n, ids
  FROM (SELECT blocker_id AS id FROM changed_rows UNION SELECT blocked_id FROM changed_rows) pair;
  IF n > 500 THEN
    PERFORM pg_notify('vouched_identity', '*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('vouched_identity', ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blocks_identity_insert AFTER INSERT ON blocks
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_blocks();
--> statement-breakpoint
CREATE TRIGGER blocks_identity_delete AFTER DELETE ON blocks
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_blocks();
--> statement-breakpoint
CREATE TRIGGER blocks_identity_truncate AFTER TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_blocks();
