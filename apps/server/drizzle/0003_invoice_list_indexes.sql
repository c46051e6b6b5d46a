-- Invoice list (issue 6). The btree gives the list order (created_at DESC, id DESC) with status and
-- due_date beside it, so pages of ids, status filters and counts are index-only scans; the trigram
-- index holds user_id too (btree_gin, also created by 0002), so a search visits only the user's rows.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "invoices_search_trgm_idx";--> statement-breakpoint
DROP INDEX "invoices_user_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_search_trgm_idx" ON "invoices" USING gin ("user_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_user_created_idx" ON "invoices" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"status","due_date");