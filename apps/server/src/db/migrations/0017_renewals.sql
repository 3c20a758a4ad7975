CREATE TABLE "renewal_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"award_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"program_type" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"development_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"development_entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cpd_hours" numeric(8, 1),
	"required_cpd_hours" integer,
	"submitted_on" timestamp with time zone,
	"previous_expires_on" date,
	"new_expires_on" date,
	"decision_reason" text,
	"decided_on" timestamp with time zone,
	"decided_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "program_certification_settings" ADD COLUMN "required_cpd_hours" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "renewal_applications_program_status_idx" ON "renewal_applications" USING btree ("program_id","status");--> statement-breakpoint
CREATE INDEX "renewal_applications_award_idx" ON "renewal_applications" USING btree ("award_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_applications_one_open" ON "renewal_applications" USING btree ("award_id") WHERE "renewal_applications"."status" in ('draft', 'submitted');