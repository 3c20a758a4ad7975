CREATE TABLE "applicant_instructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"instruction" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_certification_settings" (
	"program_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"member_fee_cents" integer NOT NULL,
	"nonmember_fee_cents" integer NOT NULL,
	"review_allowed" boolean DEFAULT false NOT NULL,
	"renewal_period" integer,
	"assessor_assessment_instruction" text NOT NULL,
	"certification_tooltips" text DEFAULT '' NOT NULL,
	"program_declaration" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "program_certification_settings_program_id_kind_pk" PRIMARY KEY("program_id","kind")
);
--> statement-breakpoint
CREATE TABLE "program_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"is_renewal" boolean DEFAULT false NOT NULL,
	"module_code" text NOT NULL,
	"module_title" text NOT NULL,
	"module_description" text DEFAULT '' NOT NULL,
	"assessment_requirements" text DEFAULT '' NOT NULL,
	"examination_type" text NOT NULL,
	"invigilated" boolean DEFAULT false NOT NULL,
	"member_fee_cents" integer NOT NULL,
	"non_member_fee_cents" integer NOT NULL,
	"review_allowed" boolean DEFAULT false NOT NULL,
	"re_sit_allowed" boolean DEFAULT false NOT NULL,
	"re_sit_member_fee_cents" integer,
	"re_sit_non_member_fee_cents" integer,
	"pass_percentage" numeric(5, 2) NOT NULL,
	"sort_order" integer NOT NULL,
	"is_inactive" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"requirement_code" text NOT NULL,
	"requirement_description" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" smallint NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "program_wq_settings" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"standard" text NOT NULL,
	"num_of_confirmation" integer NOT NULL,
	"re_validation_prolongation" boolean DEFAULT false NOT NULL,
	"interval" integer NOT NULL,
	"repeat" boolean DEFAULT false NOT NULL,
	"member_fee_cents" integer NOT NULL,
	"nonmember_fee_cents" integer NOT NULL,
	"revalidation_member_fee_cents" integer,
	"revalidation_nonmember_fee_cents" integer,
	"message_confirmation" text NOT NULL,
	"message_prolongation_revalidation" text DEFAULT '' NOT NULL,
	"program_declaration" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_code" text NOT NULL,
	"program_title" text NOT NULL,
	"program_type" smallint NOT NULL,
	"program_manager_id" uuid,
	"status" smallint DEFAULT 1 NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"number_pattern_check" boolean DEFAULT false NOT NULL,
	"certificate_num_pattern" text DEFAULT '' NOT NULL,
	"certificate_start_num" text DEFAULT '' NOT NULL,
	"is_iiw_published" boolean DEFAULT false NOT NULL,
	"published_on" timestamp with time zone,
	"has_been_published" boolean DEFAULT false NOT NULL,
	"program_declaration" text DEFAULT '' NOT NULL,
	"program_tooltips" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applicant_instructions" ADD CONSTRAINT "applicant_instructions_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_certification_settings" ADD CONSTRAINT "program_certification_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_modules" ADD CONSTRAINT "program_modules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_requirements" ADD CONSTRAINT "program_requirements_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_status_history" ADD CONSTRAINT "program_status_history_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_users" ADD CONSTRAINT "program_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_wq_settings" ADD CONSTRAINT "program_wq_settings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_program_manager_id_users_id_fk" FOREIGN KEY ("program_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_instructions_program_idx" ON "applicant_instructions" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_modules_code_unique" ON "program_modules" USING btree ("program_id","is_renewal",lower("module_code"));--> statement-breakpoint
CREATE INDEX "program_requirements_program_idx" ON "program_requirements" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "program_status_history_program_idx" ON "program_status_history" USING btree ("program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_users_unique" ON "program_users" USING btree ("program_id","user_id","role");--> statement-breakpoint
CREATE INDEX "program_users_user_idx" ON "program_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "programs_code_unique" ON "programs" USING btree ("program_code");--> statement-breakpoint
CREATE INDEX "programs_status_idx" ON "programs" USING btree ("status","program_type");