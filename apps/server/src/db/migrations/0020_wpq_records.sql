CREATE TABLE "wpq_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"standard" text NOT NULL,
	"date_of_birth" date,
	"place_of_birth" text,
	"identification_number" text,
	"method_of_identification" text,
	"employer" text,
	"user_id" text,
	"company" text,
	"employer_company_id" uuid,
	"wps_number" text,
	"wps_revision" text,
	"wps_date" date,
	"qualification_type" text,
	"job_knowledge" text,
	"place_of_testing" text,
	"test_date" date,
	"issue_date" date,
	"testing_acceptance_criteria" text,
	"validity_option" text,
	"parent_material1_specification" text,
	"parent_material1_group" smallint,
	"parent_material1_subgroup" text,
	"parent_material2_specification" text,
	"parent_material2_group" smallint,
	"parent_material2_subgroup" text,
	"product_type" text,
	"joint_type" text,
	"branch" text,
	"additional_joint_type_test" text,
	"test_piece_thickness" numeric(8, 2),
	"pipe_od" numeric(8, 2),
	"welding_process" text,
	"direction_of_welding" text,
	"transfer_mode" text,
	"welding_position" text,
	"product_type_for_additional_joint_type" text,
	"welding_position_for_additional_joint_type" text,
	"filler_material_group" text,
	"filler_material_type" text,
	"filler_material_trade_name" text,
	"backing_and_consumable_insert" text,
	"deposit_thickness" numeric(8, 2),
	"layer_technique" text,
	"shielding_gas" text,
	"type_of_current_and_polarity" text,
	"auxiliaries" text,
	"submitted_on" timestamp with time zone,
	"examiner_id" uuid,
	"testing_agency_id" uuid,
	"test_result_file_id" uuid,
	"message_to_examiner" text DEFAULT '' NOT NULL,
	"examiner_submitted_on" timestamp with time zone,
	"welder_qualification_approved" boolean,
	"program_assessor_notes" text DEFAULT '' NOT NULL,
	"result_submitted_on" timestamp with time zone,
	"result_submitted_by" uuid,
	"range_of_qualification" jsonb,
	"award_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "wpq_test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wpq_record_id" uuid NOT NULL,
	"test_name" text NOT NULL,
	"order" integer NOT NULL,
	"result" text NOT NULL,
	"calculated_value" numeric(10, 2),
	"evidence_attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_retest" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_examiner_id_users_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_testing_agency_id_testing_agencies_id_fk" FOREIGN KEY ("testing_agency_id") REFERENCES "public"."testing_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_test_result_file_id_attachments_id_fk" FOREIGN KEY ("test_result_file_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_result_submitted_by_users_id_fk" FOREIGN KEY ("result_submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wpq_test_results" ADD CONSTRAINT "wpq_test_results_wpq_record_id_wpq_records_id_fk" FOREIGN KEY ("wpq_record_id") REFERENCES "public"."wpq_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_records_application_unique" ON "wpq_records" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "wpq_records_applicant_idx" ON "wpq_records" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "wpq_records_program_status_idx" ON "wpq_records" USING btree ("program_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "wpq_test_results_unique" ON "wpq_test_results" USING btree ("wpq_record_id","test_name","is_retest");