CREATE TABLE "wpq_confirmation_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"due_on" date NOT NULL,
	"company_id" uuid NOT NULL,
	"sent_to" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"used_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"award_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"due_on" date NOT NULL,
	"confirmed_on" date NOT NULL,
	"confirmed_by" text NOT NULL,
	"confirmer_name" text NOT NULL,
	"confirmer_position" text NOT NULL,
	"company_id" uuid,
	"examiner_user_id" uuid,
	"link_id" uuid,
	"evidence_attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_note" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_extension_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"revalidation_id" uuid,
	"event" text NOT NULL,
	"request_details" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_revalidations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"award_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"submitted_by" text NOT NULL,
	"welds" jsonb NOT NULL,
	"valid_until_before" date NOT NULL,
	"valid_until_after" date,
	"revalidated_on" date,
	"invoice_id" uuid,
	"is_member_fee" boolean,
	"decision_reason" text,
	"decided_on" timestamp with time zone,
	"decided_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_validity_ends" (
	"wpq_record_id" uuid PRIMARY KEY NOT NULL,
	"ended_on" date NOT NULL,
	"reason" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_validity_reminders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"due_on" date NOT NULL,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "wpq_confirmation_links" ADD CONSTRAINT "wpq_confirmation_links_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_confirmation_links" ADD CONSTRAINT "wpq_confirmation_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_confirmations" ADD CONSTRAINT "wpq_confirmations_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_confirmations" ADD CONSTRAINT "wpq_confirmations_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_confirmations" ADD CONSTRAINT "wpq_confirmations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_confirmations" ADD CONSTRAINT "wpq_confirmations_examiner_user_id_users_id_fk" FOREIGN KEY ("examiner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_extension_logs" ADD CONSTRAINT "wpq_extension_logs_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_extension_logs" ADD CONSTRAINT "wpq_extension_logs_revalidation_id_wpq_revalidations_id_fk" FOREIGN KEY ("revalidation_id") REFERENCES "public"."wpq_revalidations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_revalidations" ADD CONSTRAINT "wpq_revalidations_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_revalidations" ADD CONSTRAINT "wpq_revalidations_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_revalidations" ADD CONSTRAINT "wpq_revalidations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_revalidations" ADD CONSTRAINT "wpq_revalidations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_validity_ends" ADD CONSTRAINT "wpq_validity_ends_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_validity_reminders" ADD CONSTRAINT "wpq_validity_reminders_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_confirmation_links_token_unique" ON "wpq_confirmation_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "wpq_confirmation_links_record_idx" ON "wpq_confirmation_links" USING btree ("wpq_record_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_confirmations_period_unique" ON "wpq_confirmations" USING btree ("wpq_record_id","sequence");--> statement-breakpoint
CREATE INDEX "wpq_extension_logs_record_idx" ON "wpq_extension_logs" USING btree ("wpq_record_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_revalidations_one_open" ON "wpq_revalidations" USING btree ("wpq_record_id") WHERE status in ('submitted', 'invoiced');--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_validity_reminders_unique" ON "wpq_validity_reminders" USING btree ("wpq_record_id","due_on","recipient","kind");
