-- The account's default invoice language (ADR 75); null, every existing account, is English.
ALTER TABLE "users" ADD COLUMN "default_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_language_shape" CHECK ("users"."default_language" ~ '^[a-z]{2}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$');