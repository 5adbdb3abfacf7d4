-- One channel for what the in-memory caches must forget (core/cache-invalidation.ts), in place of the
-- `vouched_identity` messages of migrations 0011 to 0014. Each message says what changed: `kind:ids`, the
-- ids comma-separated, or `kind:*` for everyone (a truncate, or more than 500 members: a NOTIFY payload
-- stays under 8 kB). Kinds: member (a field some cache shows; joining and leaving), session, block (both
-- sides), endorsement (received ones written, changed, hidden, removed, their tags) and reaction (received
-- ones liked or commented on). A change of a password, email, code or token names nobody: no cache holds
-- them. PostgreSQL sends on commit, in commit order, and once per distinct message in a transaction.
DROP TRIGGER users_identity_update ON users;
--> statement-breakpoint
DROP TRIGGER users_identity_delete ON users;
--> statement-breakpoint
DROP TRIGGER users_identity_truncate ON users;
--> statement-breakpoint
DROP TRIGGER users_identity_insert ON users;
--> statement-breakpoint
DROP TRIGGER sessions_identity_update ON sessions;
--> statement-breakpoint
DROP TRIGGER sessions_identity_delete ON sessions;
--> statement-breakpoint
DROP TRIGGER sessions_identity_truncate ON sessions;
--> statement-breakpoint
DROP TRIGGER blocks_identity_insert ON blocks;
--> statement-breakpoint
DROP TRIGGER blocks_identity_delete ON blocks;
--> statement-breakpoint
DROP TRIGGER blocks_identity_truncate ON blocks;
--> statement-breakpoint
DROP TRIGGER vouches_received_insert ON vouches;
--> statement-breakpoint
DROP TRIGGER vouches_received_update ON vouches;
--> statement-breakpoint
DROP TRIGGER vouches_received_delete ON vouches;
--> statement-breakpoint
DROP TRIGGER vouches_received_truncate ON vouches;
--> statement-breakpoint
DROP FUNCTION vouched_notify_identity();
--> statement-breakpoint
DROP FUNCTION vouched_notify_blocks();
--> statement-breakpoint
DROP FUNCTION vouched_notify_received();
--> statement-breakpoint
CREATE FUNCTION vouched_cache_notify(kind text, ids int[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE n int; list text;
BEGIN
  SELECT count(DISTINCT id), string_agg(DISTINCT id::text, ',') INTO n, list FROM unnest(ids) id;
  IF n > 500 THEN
    PERFORM pg_notify('vouched_cache_invalidation', kind || ':*');
  ELSIF n > 0 THEN
    PERFORM pg_notify('vouched_cache_invalidation', kind || ':' || list);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_cache_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vouched_cache_invalidation', TG_ARGV[0] || ':*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_cache_members_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('member', ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_cache_members_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('member', ARRAY(
    SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.username, o.full_name, o.bio, o.title, o.location, o.profile_picture, o.is_email_verified,
           o.is_admin, o.reputation_score, o.vouch_count, o.suspended_at, o.created_at)
      IS DISTINCT FROM
          (n.username, n.full_name, n.bio, n.title, n.location, n.profile_picture, n.is_email_verified,
           n.is_admin, n.reputation_score, n.vouch_count, n.suspended_at, n.created_at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_members_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_members_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_members_updated();
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_truncated('member');
--> statement-breakpoint
CREATE FUNCTION vouched_cache_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('session', ARRAY(SELECT user_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_truncated('session');
--> statement-breakpoint
CREATE FUNCTION vouched_cache_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('block', ARRAY(
    SELECT blocker_id FROM changed_rows UNION SELECT blocked_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blocks_cache_insert AFTER INSERT ON blocks
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_blocks();
--> statement-breakpoint
CREATE TRIGGER blocks_cache_delete AFTER DELETE ON blocks
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_blocks();
--> statement-breakpoint
CREATE TRIGGER blocks_cache_truncate AFTER TRUNCATE ON blocks
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_truncated('block');
--> statement-breakpoint
CREATE FUNCTION vouched_cache_endorsements_added_or_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('endorsement', ARRAY(SELECT to_user_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A like or a comment moves only the endorsement's counters: a reaction, which no list of members shows.
CREATE FUNCTION vouched_cache_endorsements_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('endorsement', ARRAY(
    SELECT n.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.from_user_id, o.to_user_id, o.category, o.note, o.is_anonymous, o.content_type, o.content_url,
           o.engagement_weight, o.is_hidden, o.hidden_by_block, o.created_at)
      IS DISTINCT FROM
          (n.from_user_id, n.to_user_id, n.category, n.note, n.is_anonymous, n.content_type, n.content_url,
           n.engagement_weight, n.is_hidden, n.hidden_by_block, n.created_at)
    UNION SELECT o.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.to_user_id <> n.to_user_id));
  PERFORM vouched_cache_notify('reaction', ARRAY(
    SELECT n.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.like_count, o.comment_count) IS DISTINCT FROM (n.like_count, n.comment_count)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouches_cache_insert AFTER INSERT ON vouches
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_endorsements_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER vouches_cache_delete AFTER DELETE ON vouches
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_endorsements_added_or_removed();
--> statement-breakpoint
CREATE TRIGGER vouches_cache_update AFTER UPDATE ON vouches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_endorsements_updated();
--> statement-breakpoint
CREATE TRIGGER vouches_cache_truncate AFTER TRUNCATE ON vouches
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_truncated('endorsement');
--> statement-breakpoint
-- An endorsement's tags are rows of their own (an admin deleting a hashtag removes them by cascade).
CREATE FUNCTION vouched_cache_endorsement_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('endorsement', ARRAY(
    SELECT v.to_user_id FROM changed_rows c JOIN vouches v ON v.id = c.vouch_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouch_hashtags_cache_insert AFTER INSERT ON vouch_hashtags
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_endorsement_tags();
--> statement-breakpoint
CREATE TRIGGER vouch_hashtags_cache_delete AFTER DELETE ON vouch_hashtags
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_endorsement_tags();
--> statement-breakpoint
CREATE TRIGGER vouch_hashtags_cache_truncate AFTER TRUNCATE ON vouch_hashtags
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_cache_truncated('endorsement');
