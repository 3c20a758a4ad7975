CREATE TABLE "answer_papers" (
	"question_instance_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "answer_papers_question_instance_id_attachment_id_pk" PRIMARY KEY("question_instance_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "exam_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_type" text NOT NULL,
	"exam_definition_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"application_module_id" uuid,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"total_seconds" integer NOT NULL,
	"minimum_seconds" integer NOT NULL,
	"extra_seconds" integer DEFAULT 0 NOT NULL,
	"started_on" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"submitted_on" timestamp with time zone,
	"submitted_how" text,
	"active_session_id" text,
	"record_exam" boolean DEFAULT false NOT NULL,
	"total_marks" numeric(8, 2) NOT NULL,
	"score" numeric(8, 2),
	"percentage" numeric(5, 2),
	"result" text,
	"marked_on" timestamp with time zone,
	"marked_by" uuid,
	"marks_released" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_time_extensions" (
	"application_module_id" uuid PRIMARY KEY NOT NULL,
	"extra_seconds" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "question_instances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_instance_id" uuid NOT NULL,
	"question_version_id" uuid NOT NULL,
	"section_id" uuid,
	"sort_order" integer NOT NULL,
	"max_marks" numeric(8, 2) NOT NULL,
	"is_answered" boolean DEFAULT false NOT NULL,
	"is_attempted" boolean DEFAULT false NOT NULL,
	"is_marked" boolean DEFAULT false NOT NULL,
	"time_taken" integer DEFAULT 0 NOT NULL,
	"num_of_attempts" integer DEFAULT 0 NOT NULL,
	"answer_option_given_by_user" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer_value_given_by_user" text DEFAULT '' NOT NULL,
	"last_sequence" integer DEFAULT 0 NOT NULL,
	"actual_marks" numeric(8, 2),
	"marked_by" uuid,
	"marked_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "answer_papers" ADD CONSTRAINT "answer_papers_question_instance_id_question_instances_id_fk" FOREIGN KEY ("question_instance_id") REFERENCES "public"."question_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_papers" ADD CONSTRAINT "answer_papers_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD CONSTRAINT "exam_instances_exam_definition_id_exam_definitions_id_fk" FOREIGN KEY ("exam_definition_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD CONSTRAINT "exam_instances_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD CONSTRAINT "exam_instances_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_instances" ADD CONSTRAINT "exam_instances_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_time_extensions" ADD CONSTRAINT "exam_time_extensions_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_instances" ADD CONSTRAINT "question_instances_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_instances" ADD CONSTRAINT "question_instances_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_instances" ADD CONSTRAINT "question_instances_section_id_exam_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."exam_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_instances" ADD CONSTRAINT "question_instances_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_instances_module_unique" ON "exam_instances" USING btree ("application_module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_instances_trial_in_progress_unique" ON "exam_instances" USING btree ("applicant_id","exam_definition_id") WHERE "exam_instances"."exam_type" = 'trial' and "exam_instances"."status" = 'InProgress';--> statement-breakpoint
CREATE INDEX "exam_instances_applicant_idx" ON "exam_instances" USING btree ("applicant_id","exam_type");--> statement-breakpoint
CREATE INDEX "exam_instances_open_deadline_idx" ON "exam_instances" USING btree ("deadline") WHERE "exam_instances"."status" = 'InProgress';--> statement-breakpoint
CREATE UNIQUE INDEX "question_instances_order_unique" ON "question_instances" USING btree ("exam_instance_id","sort_order");