CREATE TABLE "migration_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"mail_id" uuid NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "migration_invitations" ADD CONSTRAINT "migration_invitations_import_id_migration_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."migration_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_invitations" ADD CONSTRAINT "migration_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_invitations" ADD CONSTRAINT "migration_invitations_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "migration_invitations_import_idx" ON "migration_invitations" USING btree ("import_id","user_id");--> statement-breakpoint
CREATE INDEX "migration_invitations_user_idx" ON "migration_invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "migration_invitations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "migration_invitations" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM migration_imports parent WHERE parent.id = import_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM migration_imports parent WHERE parent.id = import_id));
