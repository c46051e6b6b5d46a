-- Idempotent invoice saves (ADR 0012): the Idempotency-Key of each POST /api/invoices that created an
-- invoice, with the request body's hash, written in the save's transaction. A retry of a save whose
-- answer was lost gets the invoice it created. Removed with the invoice or the user.
CREATE TABLE "invoice_save_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_sha256" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_save_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "invoice_save_keys" ADD CONSTRAINT "invoice_save_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_save_keys" ADD CONSTRAINT "invoice_save_keys_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_save_keys_invoice_idx" ON "invoice_save_keys" USING btree ("invoice_id");