-- Bounded guest logo storage (issue 13): identical logo bytes are stored once per owner (once for
-- all guests), and the sweep of unused guest logos finds references through two small indexes.
-- Existing duplicates are merged first: every reference (businesses.logo_url, invoices.data.logo)
-- moves to the oldest copy, then the other copies are deleted.
CREATE TEMPORARY TABLE "logo_duplicates" ON COMMIT DROP AS
  SELECT "id", first_value("id") OVER (PARTITION BY "user_id", "sha256" ORDER BY "created_at", "id") AS "keep"
    FROM "logos";--> statement-breakpoint
DELETE FROM "logo_duplicates" WHERE "id" = "keep";--> statement-breakpoint
UPDATE "businesses" b SET "logo_url" = '/api/logos/' || d."keep"
  FROM "logo_duplicates" d WHERE b."logo_url" = '/api/logos/' || d."id";--> statement-breakpoint
UPDATE "invoices" i SET "data" = jsonb_set(i."data", '{logo,id}', to_jsonb(d."keep"::text))
  FROM "logo_duplicates" d
 WHERE i."data" -> 'logo' ->> 'kind' = 'upload' AND i."data" -> 'logo' ->> 'id' = d."id"::text;--> statement-breakpoint
DELETE FROM "logos" l USING "logo_duplicates" d WHERE l."id" = d."id";--> statement-breakpoint
CREATE INDEX "businesses_logo_url_idx" ON "businesses" USING btree ("logo_url") WHERE "businesses"."logo_url" is not null;--> statement-breakpoint
CREATE INDEX "invoices_logo_id_idx" ON "invoices" USING btree (("data" -> 'logo' ->> 'id')) WHERE "invoices"."data" -> 'logo' ->> 'kind' = 'upload';--> statement-breakpoint
ALTER TABLE "logos" ADD CONSTRAINT "logos_user_sha256_key" UNIQUE NULLS NOT DISTINCT("user_id","sha256");
