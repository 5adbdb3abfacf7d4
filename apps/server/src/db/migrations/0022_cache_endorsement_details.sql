-- Relationship and level (0020) show on profiles too: changing them must reach the profile cache, as a
-- changed note does. Same function as 0017 with the two columns in the compared row.
CREATE OR REPLACE FUNCTION vouched_cache_endorsements_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_cache_notify('endorsement', ARRAY(
    SELECT n.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.from_user_id, o.to_user_id, o.category, o.note, o.is_anonymous, o.content_type, o.content_url,
           o.engagement_weight, o.is_hidden, o.hidden_by_block, o.created_at, o.relationship, o.level)
      IS DISTINCT FROM
          (n.from_user_id, n.to_user_id, n.category, n.note, n.is_anonymous, n.content_type, n.content_url,
           n.engagement_weight, n.is_hidden, n.hidden_by_block, n.created_at, n.relationship, n.level)
    UNION SELECT o.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.to_user_id <> n.to_user_id));
  PERFORM vouched_cache_notify('reaction', ARRAY(
    SELECT n.to_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.like_count, o.comment_count) IS DISTINCT FROM (n.like_count, n.comment_count)));
  RETURN NULL;
END $$;
