CREATE TABLE "application_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"assessment_report" text DEFAULT '' NOT NULL,
	"selections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text,
	"message_to_applicant" text DEFAULT '' NOT NULL,
	"submitted_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "application_assessor_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"assessor_id" uuid NOT NULL,
	"review" text DEFAULT '' NOT NULL,
	"recommendation" text,
	"submitted_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "application_file_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"note" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "testing_agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"company_name" text NOT NULL,
	"street_number" text DEFAULT '' NOT NULL,
	"street_name" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"mobile" text NOT NULL,
	"primary_email" text NOT NULL,
	"alternate_email" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "workflow_stage" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assessor_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "assessment_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "information_request" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "information_requested_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_assessments" ADD CONSTRAINT "application_assessments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_assessor_reviews" ADD CONSTRAINT "application_assessor_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_assessor_reviews" ADD CONSTRAINT "application_assessor_reviews_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_file_notes" ADD CONSTRAINT "application_file_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_assessments_round_unique" ON "application_assessments" USING btree ("application_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "application_assessor_reviews_round_unique" ON "application_assessor_reviews" USING btree ("application_id","round");--> statement-breakpoint
CREATE INDEX "application_file_notes_application_idx" ON "application_file_notes" USING btree ("application_id","created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_agencies_reference_unique" ON "testing_agencies" USING btree (lower("reference_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "venues_title_unique" ON "venues" USING btree (lower("title"));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assessor_id_users_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_program_status_idx" ON "applications" USING btree ("program_id","status");