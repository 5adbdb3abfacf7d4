-- The trust rank (issue 25, point 5): each member's trust as of the last recompute, with its largest
-- sources for the profile's explanation, and the seed members admins chose.
CREATE TABLE "trust_scores" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"trust" double precision NOT NULL,
	"score" real NOT NULL,
	"percentile" real NOT NULL,
	"is_seed" boolean NOT NULL,
	"sources" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trust_seeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trust_scores" ADD CONSTRAINT "trust_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_seeds" ADD CONSTRAINT "trust_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_seeds" ADD CONSTRAINT "trust_seeds_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trust_scores_trust_idx" ON "trust_scores" USING btree ("trust" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);
