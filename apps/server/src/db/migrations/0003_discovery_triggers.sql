-- Discovery's derived data (see db/schema/discovery.ts), kept by triggers so that every writer of
-- users and member_daily_activity keeps it current without knowing about it.

-- The words of a member's names and title: split on spaces, punctuation and digits ('john.doe42' → john, doe).
CREATE FUNCTION vouched_search_words(body text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(body), '[[:space:][:punct:][:digit:]]+') AS w
  WHERE length(w) BETWEEN 2 AND 100
$$;
--> statement-breakpoint
CREATE FUNCTION vouched_users_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT vouched_search_words(concat_ws(' ', NEW.username, NEW.full_name, NEW.title))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_users_activity_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_activity_scores (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_terms_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION vouched_users_search_terms();
--> statement-breakpoint
CREATE TRIGGER users_search_terms_update AFTER UPDATE OF username, full_name, title ON users
  FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.full_name IS DISTINCT FROM NEW.full_name
        OR OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION vouched_users_search_terms();
--> statement-breakpoint
CREATE TRIGGER users_activity_row_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION vouched_users_activity_row();
--> statement-breakpoint
-- activityScore = sum of member_daily_activity.count over day >= window_start; the discovery
-- feature moves window_start forward every day and subtracts what left the window.
CREATE FUNCTION vouched_activity_score() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ws date := coalesce((SELECT window_start FROM member_activity_window WHERE id = 1), (now() AT TIME ZONE 'UTC')::date - 29);
  delta integer;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.day = NEW.day THEN
    delta := CASE WHEN NEW.day >= ws THEN NEW.count - OLD.count ELSE 0 END;
    IF delta <> 0 THEN
      INSERT INTO member_activity_scores (user_id, score) VALUES (NEW.user_id, delta)
      ON CONFLICT (user_id) DO UPDATE SET score = member_activity_scores.score + excluded.score;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    IF OLD.day >= ws AND OLD.count <> 0 THEN
      UPDATE member_activity_scores SET score = score - OLD.count WHERE user_id = OLD.user_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    IF NEW.day >= ws AND NEW.count <> 0 THEN
      INSERT INTO member_activity_scores (user_id, score) VALUES (NEW.user_id, NEW.count)
      ON CONFLICT (user_id) DO UPDATE SET score = member_activity_scores.score + excluded.score;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_daily_activity_score AFTER INSERT OR UPDATE OR DELETE ON member_daily_activity
  FOR EACH ROW EXECUTE FUNCTION vouched_activity_score();
--> statement-breakpoint
INSERT INTO member_activity_window (id, window_start) VALUES (1, (now() AT TIME ZONE 'UTC')::date - 29);
--> statement-breakpoint
INSERT INTO member_activity_scores (user_id, score)
SELECT u.id, coalesce((SELECT sum(a.count) FROM member_daily_activity a
                       WHERE a.user_id = u.id AND a.day >= (now() AT TIME ZONE 'UTC')::date - 29), 0)
FROM users u;
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT vouched_search_words(concat_ws(' ', username, full_name, title)) FROM users
ON CONFLICT DO NOTHING;
