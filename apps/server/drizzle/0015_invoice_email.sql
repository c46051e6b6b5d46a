ALTER TABLE "outbox" ADD COLUMN "cc" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attach_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attach_invoice_id_invoices_id_fk" FOREIGN KEY ("attach_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_attach_invoice_idx" ON "outbox" USING btree ("attach_invoice_id");