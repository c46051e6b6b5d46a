-- Dashboard (issue 7). One index serves the whole summary: a currency's newest invoices in index order,
-- and the counts, sums and monthly series as index-only scans of the user's range (status, due_date,
-- total_minor and issued_date are in it). It replaces (user_id, currency, status), which nothing read.
DROP INDEX "invoices_user_currency_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_currency_created_idx" ON "invoices" USING btree ("user_id","currency","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","due_date","total_minor","issued_date");