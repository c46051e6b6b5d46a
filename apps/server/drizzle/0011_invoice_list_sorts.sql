-- Sorting the invoice list and what is still due (ADR 0043). The amount due and the list's date
-- are generated columns, so the list reads and sorts them from an index; both in one ALTER TABLE,
-- one rewrite of the table. natural_sort is an ICU collation (root locale, digits by numeric value)
-- for the text sorts: Drizzle cannot declare a collation, so it is written here.
CREATE COLLATION IF NOT EXISTS natural_sort (provider = icu, locale = 'und-u-kn-true');--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_due_minor" bigint GENERATED ALWAYS AS (case when status = 'paid' then 0 else total_minor end) STORED NOT NULL,
  ADD COLUMN "list_date" date GENERATED ALWAYS AS (coalesce(issued_date, (created_at at time zone 'UTC')::date)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "invoices_user_number_sort_idx" ON "invoices" USING btree ("user_id","invoice_number" collate natural_sort,"id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_user_client_sort_idx" ON "invoices" USING btree ("user_id","client_name" collate natural_sort,"created_at","id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_user_amount_sort_idx" ON "invoices" USING btree ("user_id","amount_due_minor","created_at","id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_user_date_sort_idx" ON "invoices" USING btree ("user_id","list_date","created_at","id","status","due_date");--> statement-breakpoint
CREATE INDEX "invoices_user_status_sort_idx" ON "invoices" USING btree ("user_id","status","created_at","id","due_date");