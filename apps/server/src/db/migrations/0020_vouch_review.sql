CREATE TABLE "pending_vouches" (
	"id" integer PRIMARY KEY DEFAULT nextval('vouches_id_seq') NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"category" text NOT NULL,
	"note" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"content_type" text,
	"content_url" text,
	"engagement_weight" real DEFAULT 1 NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"relationship" text,
	"level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_vouches_from_to_category_uq" UNIQUE("from_user_id","to_user_id","category")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_endorsements" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vouches" ADD COLUMN "relationship" text;--> statement-breakpoint
ALTER TABLE "vouches" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "pending_vouches" ADD CONSTRAINT "pending_vouches_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_vouches" ADD CONSTRAINT "pending_vouches_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_vouches_to_created_idx" ON "pending_vouches" USING btree ("to_user_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_vouches_from_created_idx" ON "pending_vouches" USING btree ("from_user_id","created_at");--> statement-breakpoint
CREATE INDEX "pending_vouches_content_url_idx" ON "pending_vouches" USING btree ("content_url") WHERE "pending_vouches"."content_url" is not null;