CREATE SEQUENCE "public"."award_status_list_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "award_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"award_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"program_type" smallint NOT NULL,
	"award_type" text NOT NULL,
	"certificate_number" text NOT NULL,
	"awarded_on" date NOT NULL,
	"expires_on" date,
	"status" text DEFAULT 'current' NOT NULL,
	"status_reason" text,
	"certificate_key" text,
	"certificate_generated_on" timestamp with time zone,
	"certificate_version" integer DEFAULT 1 NOT NULL,
	"certificate_generated_version" integer,
	"status_list_index" integer DEFAULT nextval('award_status_list_index_seq') NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "certificate_number_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"orientation" text DEFAULT 'landscape' NOT NULL,
	"background_key" text,
	"background_content_type" text,
	"signature_key" text,
	"signature_content_type" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_certificate_templates" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "listed_in_register" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "award_history" ADD CONSTRAINT "award_history_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_certificate_templates" ADD CONSTRAINT "program_certificate_templates_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_certificate_templates" ADD CONSTRAINT "program_certificate_templates_template_id_certificate_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."certificate_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_history_award_idx" ON "award_history" USING btree ("award_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_certificate_number_unique" ON "awards" USING btree ("certificate_number");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_status_list_index_unique" ON "awards" USING btree ("status_list_index");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_application_awarded_unique" ON "awards" USING btree ("application_id") WHERE award_type = 'Awarded';--> statement-breakpoint
CREATE INDEX "awards_applicant_idx" ON "awards" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "awards_program_status_idx" ON "awards" USING btree ("program_id","status");