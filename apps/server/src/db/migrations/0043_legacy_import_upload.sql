ALTER TABLE "migration_imports" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "migration_imports" ADD COLUMN "file_key" text;--> statement-breakpoint
CREATE INDEX "awards_certificate_number_lower_idx" ON "awards" USING btree (lower("certificate_number"));
