CREATE TABLE "member_notification_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notification_counts" ADD CONSTRAINT "member_notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers with transition tables: marking 10,000 notifications read moves the count once,
-- not 10,000 times. A member's notifications never change owner. Count rows are changed in member order,
-- and the services touch notifications last in their transactions (in member order when there are
-- two), so two transactions never wait for each other's count rows the other way round.
CREATE FUNCTION vouched_notification_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT user_id, count(*)::int AS n FROM new_rows WHERE NOT is_read
           GROUP BY user_id ORDER BY user_id LOOP
    INSERT INTO member_notification_counts AS c (user_id, unread) VALUES (d.user_id, d.n)
    ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_notification_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT n.user_id, sum(o.is_read::int - n.is_read::int)::int AS delta
           FROM new_rows n JOIN old_rows o ON o.id = n.id
           GROUP BY n.user_id HAVING sum(o.is_read::int - n.is_read::int) <> 0 ORDER BY n.user_id LOOP
    UPDATE member_notification_counts SET unread = unread + d.delta WHERE user_id = d.user_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting a member cascades to their notifications and to their count row, in either order: a count
-- row already gone is simply not updated.
CREATE FUNCTION vouched_notification_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT user_id, count(*)::int AS n FROM old_rows WHERE NOT is_read
           GROUP BY user_id ORDER BY user_id LOOP
    UPDATE member_notification_counts SET unread = unread - d.n WHERE user_id = d.user_id;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_unread_insert AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notification_counts_insert();
--> statement-breakpoint
CREATE TRIGGER notifications_unread_update AFTER UPDATE ON notifications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notification_counts_update();
--> statement-breakpoint
CREATE TRIGGER notifications_unread_delete AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_notification_counts_delete();
--> statement-breakpoint
INSERT INTO member_notification_counts (user_id, unread)
SELECT user_id, count(*) FROM notifications WHERE NOT is_read GROUP BY user_id;
