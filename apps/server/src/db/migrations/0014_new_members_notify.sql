-- Searches are kept in memory (features/discovery/discovery.search-results.ts): a member who just joined
-- must be found at once, so their row is named on the identity channel of migration 0011 as a changed
-- row is. The function of 0011 reads the statement's rows as `old_rows`; for an insert those are the new ones.
CREATE TRIGGER users_identity_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notify_identity();
