CREATE TABLE "remote_vouches_given" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"offer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_vouches_received" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"instance" text NOT NULL,
	"name" text,
	"profile_url" text NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"offer_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_vouches_given" ADD CONSTRAINT "remote_vouches_given_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_vouches_received" ADD CONSTRAINT "remote_vouches_received_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_vouches_given_from_actor_category_uq" ON "remote_vouches_given" USING btree ("from_user_id","actor_uri","category");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_vouches_received_to_actor_category_uq" ON "remote_vouches_received" USING btree ("to_user_id","actor_uri","category");--> statement-breakpoint
CREATE INDEX "remote_vouches_received_to_status_idx" ON "remote_vouches_received" USING btree ("to_user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "remote_vouches_received_actor_idx" ON "remote_vouches_received" USING btree ("actor_uri");