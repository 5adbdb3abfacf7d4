CREATE TABLE "member_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"covered_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_mails" ADD COLUMN "kind" text DEFAULT 'notification' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_digests" ADD CONSTRAINT "member_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_digest_idx" ON "users" USING btree ("id") WHERE "users"."digest" <> 'off';