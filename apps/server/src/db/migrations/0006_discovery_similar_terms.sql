-- Dictionary words sharing trigrams with a query word, for typo tolerance (features/discovery).
-- The low similarity threshold is set on the function itself: it applies while the function runs
-- and never leaks into the session, so one statement does without a transaction and SET LOCAL.
CREATE FUNCTION vouched_similar_terms(word text, min_length integer, max_length integer, max_rows integer)
RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE
SET pg_trgm.similarity_threshold = 0.1
AS $$
  SELECT term FROM search_terms
  WHERE term % word AND length(term) BETWEEN min_length AND max_length
  ORDER BY similarity(term, word) DESC, term
  LIMIT max_rows
$$;
--> statement-breakpoint
-- Statistics for columns added since the last ANALYZE (users.suspended_at in 0004): without them the
-- planner guesses "suspended_at IS NULL" keeps 0.5% of members and stops walking the sort indexes.
ANALYZE users;
