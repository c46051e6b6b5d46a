ALTER TABLE "invoice_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(13, 3);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_quantity_check" CHECK ("invoice_items"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_unit_check" CHECK (char_length("invoice_items"."unit") <= 20);