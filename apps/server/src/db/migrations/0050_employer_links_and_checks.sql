CREATE TABLE "certificate_check_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"checked_by" uuid NOT NULL,
	"checked_on" timestamp with time zone DEFAULT now() NOT NULL,
	"numbers" jsonb NOT NULL,
	"found_count" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "certificate_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"company_user_id" uuid NOT NULL,
	"certificate_number" text NOT NULL,
	"award_id" uuid NOT NULL,
	"holder_applicant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"expires_on" date,
	"checked_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ended_employer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"linked_on" timestamp with time zone,
	"ended_on" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "certificate_check_batches" ADD CONSTRAINT "certificate_check_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_check_batches" ADD CONSTRAINT "certificate_check_batches_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_batch_id_certificate_check_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."certificate_check_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_company_user_id_users_id_fk" FOREIGN KEY ("company_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_holder_applicant_id_applicants_id_fk" FOREIGN KEY ("holder_applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ended_employer_links" ADD CONSTRAINT "ended_employer_links_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ended_employer_links" ADD CONSTRAINT "ended_employer_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_check_batches_company_idx" ON "certificate_check_batches" USING btree ("company_id","checked_on");--> statement-breakpoint
CREATE INDEX "certificate_checks_holder_idx" ON "certificate_checks" USING btree ("holder_applicant_id","checked_on");--> statement-breakpoint
CREATE INDEX "certificate_checks_batch_idx" ON "certificate_checks" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "certificate_checks_award_idx" ON "certificate_checks" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "ended_employer_links_company_idx" ON "ended_employer_links" USING btree ("company_id","ended_on");--> statement-breakpoint
CREATE INDEX "ended_employer_links_applicant_idx" ON "ended_employer_links" USING btree ("applicant_id");--> statement-breakpoint
-- A logged check's status is one the verification page shows (issue 42, decision 038).
ALTER TABLE "certificate_checks" ADD CONSTRAINT "certificate_checks_status_check" CHECK ("status" in ('current', 'on hold', 'cancelled', 'withdrawn', 'expired'));
