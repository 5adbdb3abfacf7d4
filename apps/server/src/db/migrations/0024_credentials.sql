-- Open Badges 3.0 credentials (issue 26): the instance's signing keys and every issued credential's place
-- in the status lists (docs/decisions/135, 137).
CREATE TABLE "credential_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"credential_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"vouch_id" integer,
	"fingerprint" text,
	"skill" text,
	"tier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issuer_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"secret_key_multibase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credential_statuses_vouch_idx" ON "credential_statuses" USING btree ("vouch_id","fingerprint") WHERE "credential_statuses"."kind" = 'vouch';--> statement-breakpoint
CREATE UNIQUE INDEX "credential_statuses_medal_idx" ON "credential_statuses" USING btree ("user_id","skill","tier") WHERE "credential_statuses"."kind" = 'medal';--> statement-breakpoint
CREATE INDEX "credential_statuses_user_idx" ON "credential_statuses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issuer_keys_one_active_idx" ON "issuer_keys" USING btree ((true)) WHERE "issuer_keys"."retired_at" is null;