CREATE TABLE "migration_import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"result" text NOT NULL,
	"column" text,
	"message" text,
	"user_id" uuid,
	"applicant_id" uuid,
	"created_user" boolean DEFAULT false NOT NULL,
	"application_id" uuid,
	"award_id" uuid,
	"previous" jsonb,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "migration_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"total_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_on" timestamp with time zone,
	"finished_on" timestamp with time zone,
	"undone_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "migration_import_rows" ADD CONSTRAINT "migration_import_rows_import_id_migration_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."migration_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_imports" ADD CONSTRAINT "migration_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "migration_import_rows_row_unique" ON "migration_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "migration_import_rows_award_idx" ON "migration_import_rows" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "migration_imports_status_idx" ON "migration_imports" USING btree ("status","created_on");--> statement-breakpoint
CREATE INDEX "migration_imports_account_idx" ON "migration_imports" USING btree ("account_id","created_on");--> statement-breakpoint
ALTER TABLE "migration_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "migration_imports" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "migration_import_rows" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "migration_import_rows" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM migration_imports parent WHERE parent.id = import_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM migration_imports parent WHERE parent.id = import_id));
