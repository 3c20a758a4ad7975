ALTER TABLE "migration_import_rows" ADD COLUMN "record_id" uuid;--> statement-breakpoint
CREATE INDEX "migration_import_rows_record_idx" ON "migration_import_rows" USING btree ("record_id");