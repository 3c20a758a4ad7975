CREATE TABLE "employer_confirmation_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "employer_confirmation_reminders" ADD CONSTRAINT "employer_confirmation_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_confirmation_reminders" ADD CONSTRAINT "employer_confirmation_reminders_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_confirmation_reminders_unique" ON "employer_confirmation_reminders" USING btree ("company_id","wpq_record_id","due_on","kind");--> statement-breakpoint
CREATE INDEX "employer_confirmation_reminders_company_day_idx" ON "employer_confirmation_reminders" USING btree ("company_id","sent_on");--> statement-breakpoint
CREATE INDEX "employer_confirmation_reminders_record_idx" ON "employer_confirmation_reminders" USING btree ("wpq_record_id");--> statement-breakpoint
-- An account's staff see the reminders of their own account's records only (decision 034); the job and company users run unbound.
ALTER TABLE "employer_confirmation_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "employer_confirmation_reminders" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
