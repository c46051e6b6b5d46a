ALTER TABLE "businesses" ADD COLUMN "iban" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "bic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "account_holder" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_iban_shape" CHECK ("businesses"."iban" ~ '^([A-Z]{2}[0-9]{2}[A-Z0-9]{11,30})?$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_bic_shape" CHECK ("businesses"."bic" ~ '^([A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?)?$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_holder_length" CHECK (char_length("businesses"."account_holder") <= 70);