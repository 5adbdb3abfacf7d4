CREATE TABLE "federation_blocked_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approve_followers" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD COLUMN "state" text DEFAULT 'accepted' NOT NULL;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "federation_followers" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "federation_blocked_accounts" ADD CONSTRAINT "federation_blocked_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "federation_blocked_accounts_user_actor_uq" ON "federation_blocked_accounts" USING btree ("user_id","actor_uri");