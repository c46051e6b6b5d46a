ALTER TABLE "invoice_items" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "vat_rate" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "vat_exemption_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_vat_check" CHECK (("invoice_items"."vat_category" is null and "invoice_items"."vat_rate" is null) or ("invoice_items"."vat_category" in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O') and "invoice_items"."vat_rate" between 0 and 100000));