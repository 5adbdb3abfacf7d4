-- Issue 21: an anonymous endorsement says nothing about its giver (docs/decisions/076 to 078). Rows
-- written under the old rules are brought to the new ones: no verified factor in an anonymous
-- endorsement's weight, never hidden by a block, never halved against the other direction (nor halving
-- it), and no act in its giver's activity. Then every counter of the members they touch is recomputed
-- from the rows, as recomputeMemberStats does (features/endorsements/endorsements.counters.ts).
UPDATE vouches SET engagement_weight = round(engagement_weight::numeric / 1.25, 4)::real
WHERE is_anonymous
  AND engagement_weight::numeric
    / ((CASE WHEN coalesce(note, '') <> '' THEN 1.2 ELSE 1 END)
       * (CASE WHEN coalesce(content_url, '') <> '' THEN 1.5 ELSE 1 END)) > 1.1;
--> statement-breakpoint
UPDATE vouches SET hidden_by_block = false WHERE is_anonymous AND hidden_by_block;
--> statement-breakpoint
-- Receivers of anonymous endorsements, and their givers (their named endorsements the other way may have
-- been halved by them; their activity counted them).
CREATE TEMPORARY TABLE anonymity_members AS
  SELECT to_user_id AS id FROM vouches WHERE is_anonymous
  UNION SELECT from_user_id FROM vouches WHERE is_anonymous;
--> statement-breakpoint
CREATE TEMPORARY TABLE anonymity_counted AS
  SELECT v.id, v.to_user_id, v.category, v.created_at,
    round(10 * v.engagement_weight::numeric, 2)
      * (CASE WHEN NOT v.is_anonymous AND EXISTS (
          SELECT 1 FROM vouches r WHERE r.from_user_id = v.to_user_id AND r.to_user_id = v.from_user_id
            AND r.category = v.category AND NOT r.is_anonymous) THEN 0.5 ELSE 1 END) AS points
  FROM vouches v
  WHERE v.to_user_id IN (SELECT id FROM anonymity_members) AND NOT (v.is_hidden OR v.hidden_by_block);
--> statement-breakpoint
UPDATE users u SET
  reputation_score = coalesce((SELECT sum(c.points) FROM anonymity_counted c WHERE c.to_user_id = u.id), 0)::real,
  vouch_count = (SELECT count(*) FROM anonymity_counted c WHERE c.to_user_id = u.id)::int
WHERE u.id IN (SELECT id FROM anonymity_members);
--> statement-breakpoint
DELETE FROM member_category_stats WHERE user_id IN (SELECT id FROM anonymity_members);
--> statement-breakpoint
INSERT INTO member_category_stats (user_id, category, score, count)
  SELECT to_user_id, category, sum(points)::real, count(*)::int FROM anonymity_counted GROUP BY 1, 2;
--> statement-breakpoint
DELETE FROM member_hashtags WHERE user_id IN (SELECT id FROM anonymity_members);
--> statement-breakpoint
INSERT INTO member_hashtags (user_id, hashtag_id, count)
  SELECT c.to_user_id, vh.hashtag_id, count(*)::int
  FROM anonymity_counted c JOIN vouch_hashtags vh ON vh.vouch_id = c.id GROUP BY 1, 2;
--> statement-breakpoint
DELETE FROM member_category_hashtags WHERE user_id IN (SELECT id FROM anonymity_members);
--> statement-breakpoint
INSERT INTO member_category_hashtags (user_id, category, hashtag_id, count)
  SELECT c.to_user_id, c.category, vh.hashtag_id, count(*)::int
  FROM anonymity_counted c JOIN vouch_hashtags vh ON vh.vouch_id = c.id GROUP BY 1, 2, 3;
--> statement-breakpoint
DELETE FROM medals m WHERE m.user_id IN (SELECT id FROM anonymity_members) AND NOT EXISTS (
  SELECT 1 FROM member_hashtags mh JOIN hashtags h ON h.id = mh.hashtag_id
  WHERE mh.user_id = m.user_id AND h.tag = m.skill_name AND mh.count >= 10);
--> statement-breakpoint
INSERT INTO medals (user_id, skill_name, tier, last_endorsed_at, endorsement_count)
  SELECT mh.user_id, h.tag,
    CASE WHEN mh.count >= 80 THEN 'platinum' WHEN mh.count >= 40 THEN 'gold'
      WHEN mh.count >= 20 THEN 'silver' ELSE 'bronze' END,
    (SELECT max(c.created_at) FROM anonymity_counted c JOIN vouch_hashtags vh ON vh.vouch_id = c.id
      WHERE c.to_user_id = mh.user_id AND vh.hashtag_id = mh.hashtag_id),
    mh.count
  FROM member_hashtags mh JOIN hashtags h ON h.id = mh.hashtag_id
  WHERE mh.user_id IN (SELECT id FROM anonymity_members) AND mh.count >= 10
ON CONFLICT (user_id, skill_name) DO UPDATE SET
  tier = excluded.tier,
  endorsement_count = excluded.endorsement_count,
  last_endorsed_at = excluded.last_endorsed_at,
  updated_at = now();
--> statement-breakpoint
DELETE FROM member_daily_activity WHERE user_id IN (SELECT id FROM anonymity_members);
--> statement-breakpoint
INSERT INTO member_daily_activity (user_id, day, count)
  SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM (
    SELECT from_user_id AS user_id, created_at FROM vouches WHERE NOT is_anonymous
    UNION ALL SELECT user_id, created_at FROM vouch_likes
    UNION ALL SELECT user_id, created_at FROM vouch_comments
  ) acts
  WHERE user_id IN (SELECT id FROM anonymity_members) GROUP BY 1, 2;
--> statement-breakpoint
DROP TABLE anonymity_counted;
--> statement-breakpoint
DROP TABLE anonymity_members;
