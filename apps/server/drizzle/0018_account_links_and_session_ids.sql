CREATE TABLE "account_tokens" (
	"selector" text PRIMARY KEY NOT NULL,
	"verifier_hash" "bytea" NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('password_reset', 'email_verification', 'email_change'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "account_tokens_expires_at_idx" ON "account_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_key" ON "sessions" USING btree ("id");--> statement-breakpoint
-- E-mail verification arrives (docs/decisions/0052-account-links-verification-and-sessions.md): from now on an account
-- whose address is not verified sends no invoice or reminder e-mail. Accounts that already sent invoice or reminder
-- e-mail before this change, under the conditions of docs/decisions/0049-sending-invoices-by-e-mail.md, are taken as
-- verified, so the release stops no reminder schedule and no sending that was running; every other unverified account
-- verifies through the link its banner offers.
UPDATE "users" u SET "email_verified" = true
 WHERE NOT u."email_verified"
   AND (EXISTS (SELECT 1 FROM "outbox" o WHERE o."user_id" = u."id" AND o."kind" IN ('invoice', 'reminder'))
        OR EXISTS (SELECT 1 FROM "invoice_activity" a
                    WHERE a."user_id" = u."id" AND (a."kind" = 'sent' OR (a."kind" = 'reminder' AND a."data" ? 'to'))));
