-- Client and business lists (issue 5). btree_gin lets user_id sit in the trigram index, so a search
-- visits only the searching user's rows; the list order (created_at DESC, id DESC) comes from a btree.
-- Both extensions are trusted (PostgreSQL 13+) and ship with every standard PostgreSQL build.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "businesses_search_trgm_idx";--> statement-breakpoint
DROP INDEX "clients_search_trgm_idx";--> statement-breakpoint
DROP INDEX "businesses_user_created_idx";--> statement-breakpoint
DROP INDEX "clients_user_created_idx";--> statement-breakpoint
CREATE INDEX "businesses_user_search_trgm_idx" ON "businesses" USING gin ("user_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "clients_user_search_trgm_idx" ON "clients" USING gin ("user_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_user_created_idx" ON "businesses" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clients_user_created_idx" ON "clients" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);