ALTER TABLE "users" ADD COLUMN "invoice_template" text DEFAULT 'modern' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "accent_color" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_invoice_template_check" CHECK ("users"."invoice_template" in ('modern', 'classic', 'minimal'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_accent_color_check" CHECK ("users"."accent_color" ~ '^#[0-9a-f]{6}$');