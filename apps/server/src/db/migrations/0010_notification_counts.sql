CREATE TABLE "member_notification_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_notification_counts" ADD CONSTRAINT "member_notification_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement triggers with transition tables: marking 10,000 notifications read moves the count once,
-- not 10,000 times. A member's notifications never change owner.
CREATE FUNCTION vouched_notification_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_notification_counts AS c (user_id, unread)
  SELECT user_id, count(*) FROM new_rows WHERE NOT is_read GROUP BY user_id
  ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION vouched_notification_counts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_notification_counts c SET unread = c.unread + d.delta
  FROM (SELECT n.user_id, sum(o.is_read::int - n.is_read::int)::int AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id GROUP BY n.user_id) d
  WHERE c.user_id = d.user_id AND d.delta <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting a member cascades to their notifications and to their count row, in either order: a count
-- row already gone is simply not updated.
CREATE FUNCTION vouched_notification_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE member_notification_counts c SET unread = c.unread - d.n
  FROM (SELECT user_id, count(*)::int AS n FROM old_rows WHERE NOT is_read GROUP BY user_id) d
  WHERE c.user_id = d.user_id;
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
