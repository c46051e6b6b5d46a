ALTER TABLE "businesses" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "additional_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "company_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "endpoint_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "endpoint_scheme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "additional_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "region" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "company_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "endpoint_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "endpoint_scheme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "buyer_reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Existing accounts keep the product's formula (their invoices keep their figures); new accounts default to true.
ALTER TABLE "users" ADD COLUMN "discount_before_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "discount_before_tax" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_country_shape" CHECK ("businesses"."country" ~ '^([A-Z]{2})?$');--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_endpoint_scheme_shape" CHECK ("businesses"."endpoint_scheme" ~ '^([A-Z0-9]{2,4})?$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_country_shape" CHECK ("clients"."country" ~ '^([A-Z]{2})?$');--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_endpoint_scheme_shape" CHECK ("clients"."endpoint_scheme" ~ '^([A-Z0-9]{2,4})?$');