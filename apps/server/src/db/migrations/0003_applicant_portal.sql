CREATE TABLE "applicant_education" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"course" text NOT NULL,
	"institution" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"qualification_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "applicant_experience" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"employer" text NOT NULL,
	"position" text NOT NULL,
	"duties" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "applicant_professional_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"activity" text NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "applicant_professional_development" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"num_of_hours" numeric(6, 1) NOT NULL,
	"personal_development_type" text NOT NULL,
	"start_date" date NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "application_answer_attachments" (
	"answer_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "application_answer_attachments_answer_id_attachment_id_pk" PRIMARY KEY("answer_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "application_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"answer_text" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "application_counters" (
	"program_type" smallint NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "application_counters_program_type_year_pk" PRIMARY KEY("program_type","year")
);
--> statement-breakpoint
CREATE TABLE "application_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_number" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"program_type" smallint NOT NULL,
	"status" text NOT NULL,
	"declaration_accepted" boolean DEFAULT false NOT NULL,
	"submitted_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource_key" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"declared_content_type" text NOT NULL,
	"content_type" text,
	"size" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"saved_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "attachments_resource_key_unique" UNIQUE("resource_key")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"from_applicant_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_on" timestamp with time zone NOT NULL,
	"used_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "user_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_email" text NOT NULL,
	"to_user_id" uuid,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_on" timestamp with time zone,
	"last_error" text,
	"sent_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "primary_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "home_address" jsonb;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "work_address" jsonb;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "membership_type" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "member_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "membership_confirmed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "membership_confirmed_by" uuid;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "member_current_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activated_on" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "applicant_education" ADD CONSTRAINT "applicant_education_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_experience" ADD CONSTRAINT "applicant_experience_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_professional_activities" ADD CONSTRAINT "applicant_professional_activities_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_professional_development" ADD CONSTRAINT "applicant_professional_development_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answer_attachments" ADD CONSTRAINT "application_answer_attachments_answer_id_application_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."application_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answer_attachments" ADD CONSTRAINT "application_answer_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answers" ADD CONSTRAINT "application_answers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_answers" ADD CONSTRAINT "application_answers_requirement_id_program_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."program_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_from_applicant_id_applicants_id_fk" FOREIGN KEY ("from_applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_education_applicant_idx" ON "applicant_education" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_experience_applicant_idx" ON "applicant_experience" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_professional_activities_applicant_idx" ON "applicant_professional_activities" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "applicant_professional_development_applicant_idx" ON "applicant_professional_development" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_answers_unique" ON "application_answers" USING btree ("application_id","requirement_id");--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_history" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_number_unique" ON "applications" USING btree ("program_type","application_number");--> statement-breakpoint
CREATE INDEX "applications_applicant_idx" ON "applications" USING btree ("applicant_id","program_id");--> statement-breakpoint
CREATE INDEX "attachments_owner_idx" ON "attachments" USING btree ("owner_user_id","status");--> statement-breakpoint
CREATE INDEX "user_tokens_user_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mails_user_idx" ON "mails" USING btree ("to_user_id","created_on");--> statement-breakpoint
CREATE INDEX "mails_queue_idx" ON "mails" USING btree ("status","next_attempt_on");