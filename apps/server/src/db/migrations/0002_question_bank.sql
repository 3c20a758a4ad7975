CREATE TABLE "exam_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"test_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_definitions_test_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"description" text NOT NULL,
	"instruction" text NOT NULL,
	"test_type" text NOT NULL,
	"program_type" smallint NOT NULL,
	"program_module_id" uuid,
	"overall_time" integer NOT NULL,
	"minimum_time" integer NOT NULL,
	"total_test_marks" numeric(8, 2) NOT NULL,
	"is_section_split" boolean DEFAULT false NOT NULL,
	"can_upload_answer_paper" boolean DEFAULT false NOT NULL,
	"is_trial_exam" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_on" timestamp with time zone,
	"is_cloned" boolean DEFAULT false NOT NULL,
	"cloned_from_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_section_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_definition_id" uuid NOT NULL,
	"section_id" uuid,
	"question_id" uuid NOT NULL,
	"question_version_id" uuid NOT NULL,
	"marks" numeric(8, 2) NOT NULL,
	"sort_order" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_definition_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "question_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_version_id" uuid NOT NULL,
	"option" text NOT NULL,
	"correct_answer" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "question_subjects" (
	"question_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	CONSTRAINT "question_subjects_question_id_subject_id_pk" PRIMARY KEY("question_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "question_tags" (
	"question_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "question_tags_question_id_tag_id_pk" PRIMARY KEY("question_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "question_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"question_type" text NOT NULL,
	"difficulty" text NOT NULL,
	"content" text NOT NULL,
	"plain_text" text NOT NULL,
	"can_upload_answer_paper" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "questions_question_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"current_version" integer DEFAULT 1 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD CONSTRAINT "exam_definitions_program_module_id_program_modules_id_fk" FOREIGN KEY ("program_module_id") REFERENCES "public"."program_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD CONSTRAINT "exam_definitions_cloned_from_id_exam_definitions_id_fk" FOREIGN KEY ("cloned_from_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_section_questions" ADD CONSTRAINT "exam_section_questions_exam_definition_id_exam_definitions_id_fk" FOREIGN KEY ("exam_definition_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_section_questions" ADD CONSTRAINT "exam_section_questions_section_id_exam_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."exam_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_section_questions" ADD CONSTRAINT "exam_section_questions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_section_questions" ADD CONSTRAINT "exam_section_questions_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_exam_definition_id_exam_definitions_id_fk" FOREIGN KEY ("exam_definition_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_options" ADD CONSTRAINT "question_options_question_version_id_question_versions_id_fk" FOREIGN KEY ("question_version_id") REFERENCES "public"."question_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_subjects" ADD CONSTRAINT "question_subjects_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_subjects" ADD CONSTRAINT "question_subjects_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_tags" ADD CONSTRAINT "question_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_versions" ADD CONSTRAINT "question_versions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_definitions_title_unique" ON "exam_definitions" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "exam_definitions_number_unique" ON "exam_definitions" USING btree ("test_number");--> statement-breakpoint
CREATE INDEX "exam_definitions_filter_idx" ON "exam_definitions" USING btree ("status","test_type","program_type");--> statement-breakpoint
CREATE INDEX "exam_definitions_module_idx" ON "exam_definitions" USING btree ("program_module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_section_questions_unique" ON "exam_section_questions" USING btree ("exam_definition_id","question_id");--> statement-breakpoint
CREATE INDEX "exam_section_questions_section_idx" ON "exam_section_questions" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "exam_section_questions_question_idx" ON "exam_section_questions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exam_sections_definition_idx" ON "exam_sections" USING btree ("exam_definition_id");--> statement-breakpoint
CREATE INDEX "question_options_version_idx" ON "question_options" USING btree ("question_version_id");--> statement-breakpoint
CREATE INDEX "question_subjects_subject_idx" ON "question_subjects" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "question_tags_tag_idx" ON "question_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_versions_unique" ON "question_versions" USING btree ("question_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_number_unique" ON "questions" USING btree ("question_number");--> statement-breakpoint
CREATE INDEX "questions_modified_idx" ON "questions" USING btree ("modified_on");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_title_unique" ON "subjects" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_unique" ON "tags" USING btree (lower("title"));