CREATE TABLE "endorsement_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_user_id" integer NOT NULL,
	"to_user_id" integer NOT NULL,
	"hashtags" text[] NOT NULL,
	"category" text,
	"message" text,
	"status" text DEFAULT 'open' NOT NULL,
	"vouch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_vouch_id_vouches_id_fk" FOREIGN KEY ("vouch_id") REFERENCES "public"."vouches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endorsement_requests_to_created_idx" ON "endorsement_requests" USING btree ("to_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "endorsement_requests_from_created_idx" ON "endorsement_requests" USING btree ("from_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "endorsement_requests_open_pair_uq" ON "endorsement_requests" USING btree ("from_user_id","to_user_id") WHERE "endorsement_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "endorsement_requests_vouch_idx" ON "endorsement_requests" USING btree ("vouch_id");