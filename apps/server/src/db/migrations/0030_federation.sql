CREATE TABLE "federation_dirty" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_followers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"inbox_uri" text NOT NULL,
	"shared_inbox_uri" text,
	"handle" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"sealed_private_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "federation_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_published" (
	"user_id" integer NOT NULL,
	"vouch_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "federation_published_user_id_vouch_id_pk" PRIMARY KEY("user_id","vouch_id")
);
--> statement-breakpoint
CREATE TABLE "federation_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"ordering_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "federated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD CONSTRAINT "federation_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "federation_keys" ADD CONSTRAINT "federation_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_followers_user_actor_uq" ON "federation_followers" USING btree ("user_id","actor_uri");--> statement-breakpoint
CREATE INDEX "federation_followers_actor_idx" ON "federation_followers" USING btree ("actor_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_keys_user_kind_uq" ON "federation_keys" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "federation_kv_expires_idx" ON "federation_kv" USING btree ("expires_at") WHERE "federation_kv"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "federation_queue_run_at_idx" ON "federation_queue" USING btree ("run_at","id");--> statement-breakpoint
-- Federation (docs/decisions/150): a change to a vouch, its tags or a member's federation switch marks the
-- members whose followers may have to hear of it, in the same transaction, so that a publisher stopped
-- before it ran finds the work after a restart. Only members who publish, or published before, are marked.
CREATE FUNCTION vouched_federation_mark(ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO federation_dirty (user_id)
  SELECT DISTINCT m.id FROM unnest(ids) AS m(id)
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = m.id AND u.federated)
     OR EXISTS (SELECT 1 FROM federation_published p WHERE p.user_id = m.id)
  ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at
$$;
--> statement-breakpoint
CREATE FUNCTION vouched_federation_vouches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_federation_mark(ARRAY(
    SELECT from_user_id FROM changed_rows UNION SELECT to_user_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouches_federation_insert AFTER INSERT ON vouches
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_vouches_changed();
--> statement-breakpoint
CREATE TRIGGER vouches_federation_update AFTER UPDATE ON vouches
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_vouches_changed();
--> statement-breakpoint
CREATE TRIGGER vouches_federation_delete AFTER DELETE ON vouches
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_vouches_changed();
--> statement-breakpoint
CREATE FUNCTION vouched_federation_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM vouched_federation_mark(ARRAY(
    SELECT v.from_user_id FROM changed_rows c JOIN vouches v ON v.id = c.vouch_id
    UNION SELECT v.to_user_id FROM changed_rows c JOIN vouches v ON v.id = c.vouch_id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER vouch_hashtags_federation_insert AFTER INSERT ON vouch_hashtags
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_tags_changed();
--> statement-breakpoint
CREATE TRIGGER vouch_hashtags_federation_delete AFTER DELETE ON vouch_hashtags
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_tags_changed();
--> statement-breakpoint
CREATE FUNCTION vouched_federation_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE changed int[];
BEGIN
  -- A member turning federation on or off, or suspended or reinstated, changes what their followers see
  -- and what the followers of everyone they vouched with see: a vouch leaves only when both sides publish.
  changed := ARRAY(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.federated, o.suspended_at) IS DISTINCT FROM (n.federated, n.suspended_at));
  IF cardinality(changed) = 0 THEN RETURN NULL; END IF;
  PERFORM vouched_federation_mark(changed || ARRAY(
    SELECT v.from_user_id FROM vouches v WHERE v.to_user_id = ANY(changed)
    UNION SELECT v.to_user_id FROM vouches v WHERE v.from_user_id = ANY(changed)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_federation_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_members_changed();
--> statement-breakpoint
CREATE FUNCTION vouched_federation_blocks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A vouch between two members with a block between them never leaves the server, either way round.
  PERFORM vouched_federation_mark(ARRAY(
    SELECT blocker_id FROM changed_rows UNION SELECT blocked_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER blocks_federation_insert AFTER INSERT ON blocks
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_blocks_changed();
--> statement-breakpoint
CREATE TRIGGER blocks_federation_delete AFTER DELETE ON blocks
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vouched_federation_blocks_changed();
