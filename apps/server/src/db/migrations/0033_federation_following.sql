CREATE TABLE "federation_following" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"inbox_uri" text NOT NULL,
	"shared_inbox_uri" text,
	"handle" text NOT NULL,
	"name" text,
	"avatar_url" text,
	"url" text,
	"software" text,
	"follow_id" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "federation_remote_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"object_uri" text NOT NULL,
	"actor_uri" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"is_vouch" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "federation_following" ADD CONSTRAINT "federation_following_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_following_user_actor_uq" ON "federation_following" USING btree ("user_id","actor_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_following_follow_id_uq" ON "federation_following" USING btree ("follow_id");--> statement-breakpoint
CREATE INDEX "federation_following_actor_idx" ON "federation_following" USING btree ("actor_uri");--> statement-breakpoint
CREATE UNIQUE INDEX "federation_remote_posts_object_uq" ON "federation_remote_posts" USING btree ("object_uri");--> statement-breakpoint
CREATE INDEX "federation_remote_posts_actor_published_idx" ON "federation_remote_posts" USING btree ("actor_uri","published_at","id");--> statement-breakpoint
-- A member who follows remote accounts is marked too: when they stop publishing (or are suspended) the
-- publisher sends those accounts Undo(Follow) (federation.following.ts, undoFollowsOfSilenced).
CREATE OR REPLACE FUNCTION vouched_federation_mark(ids int[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO federation_dirty (user_id)
  SELECT DISTINCT m.id FROM unnest(ids) AS m(id)
  WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = m.id AND u.federated)
     OR EXISTS (SELECT 1 FROM federation_published p WHERE p.user_id = m.id)
     OR EXISTS (SELECT 1 FROM federation_following f WHERE f.user_id = m.id)
  ON CONFLICT (user_id) DO UPDATE SET marked_at = excluded.marked_at
$$;
