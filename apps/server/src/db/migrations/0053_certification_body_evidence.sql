CREATE TABLE "appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"reference" text NOT NULL,
	"program_id" uuid NOT NULL,
	"application_id" uuid,
	"award_id" uuid,
	"review_id" uuid,
	"subject" text NOT NULL,
	"appellant_user_id" uuid NOT NULL,
	"grounds" text NOT NULL,
	"attachment_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"handler_id" uuid,
	"received_on" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_on" timestamp with time zone,
	"acknowledge_by" date NOT NULL,
	"decide_by" date NOT NULL,
	"decided_on" timestamp with time zone,
	"decided_by" uuid,
	"outcome" text,
	"outcome_reasons" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "case_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"appeal_id" uuid,
	"complaint_id" uuid,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"shared_with_person" text DEFAULT 'no' NOT NULL,
	"actor_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"reference" text NOT NULL,
	"about" text NOT NULL,
	"about_user_id" uuid,
	"about_venue_id" uuid,
	"about_award_id" uuid,
	"about_text" text DEFAULT '' NOT NULL,
	"program_id" uuid,
	"complainant_kind" text NOT NULL,
	"complainant_user_id" uuid,
	"complainant_name" text NOT NULL,
	"complainant_email" text NOT NULL,
	"details" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"handler_id" uuid,
	"received_on" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_on" timestamp with time zone,
	"acknowledge_by" date NOT NULL,
	"decide_by" date NOT NULL,
	"decided_on" timestamp with time zone,
	"decided_by" uuid,
	"outcome" text,
	"outcome_reasons" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "cut_score_judges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"study_id" uuid NOT NULL,
	"name" text NOT NULL,
	"expertise" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "cut_score_ratings" (
	"judge_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"rating" numeric(5, 2) NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "cut_score_ratings_judge_id_question_id_pk" PRIMARY KEY("judge_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "cut_score_studies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"exam_definition_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"method" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"cut_score_percent" numeric(6, 2),
	"spread_percent" numeric(6, 2),
	"adopted_on" timestamp with time zone,
	"adopted_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "impartiality_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"program_id" uuid,
	"application_id" uuid,
	"staff_user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"outcome" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"override_reason" text,
	"actor_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"agreement_text" text NOT NULL,
	"signed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_competences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"obtained_on" date NOT NULL,
	"expires_on" date,
	"attachment_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"applicant_user_id" uuid,
	"company_id" uuid,
	"kind" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"declared_on" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "staff_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"employer_company_id" uuid,
	"position" text DEFAULT '' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "program_users" ADD COLUMN "authorised_until" date;--> statement-breakpoint
ALTER TABLE "program_users" ADD COLUMN "authorisation_basis" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "decision_separation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_review_id_application_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."application_reviews"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_appellant_user_id_users_id_fk" FOREIGN KEY ("appellant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entries" ADD CONSTRAINT "case_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entries" ADD CONSTRAINT "case_entries_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entries" ADD CONSTRAINT "case_entries_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_entries" ADD CONSTRAINT "case_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_about_user_id_users_id_fk" FOREIGN KEY ("about_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_about_venue_id_venues_id_fk" FOREIGN KEY ("about_venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_about_award_id_awards_id_fk" FOREIGN KEY ("about_award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_complainant_user_id_users_id_fk" FOREIGN KEY ("complainant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_handler_id_users_id_fk" FOREIGN KEY ("handler_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_judges" ADD CONSTRAINT "cut_score_judges_study_id_cut_score_studies_id_fk" FOREIGN KEY ("study_id") REFERENCES "public"."cut_score_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_ratings" ADD CONSTRAINT "cut_score_ratings_judge_id_cut_score_judges_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."cut_score_judges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_ratings" ADD CONSTRAINT "cut_score_ratings_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_studies" ADD CONSTRAINT "cut_score_studies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_studies" ADD CONSTRAINT "cut_score_studies_exam_definition_id_exam_definitions_id_fk" FOREIGN KEY ("exam_definition_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cut_score_studies" ADD CONSTRAINT "cut_score_studies_adopted_by_users_id_fk" FOREIGN KEY ("adopted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impartiality_events" ADD CONSTRAINT "impartiality_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impartiality_events" ADD CONSTRAINT "impartiality_events_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impartiality_events" ADD CONSTRAINT "impartiality_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impartiality_events" ADD CONSTRAINT "impartiality_events_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impartiality_events" ADD CONSTRAINT "impartiality_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_agreements" ADD CONSTRAINT "staff_agreements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_agreements" ADD CONSTRAINT "staff_agreements_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_competences" ADD CONSTRAINT "staff_competences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_competences" ADD CONSTRAINT "staff_competences_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_competences" ADD CONSTRAINT "staff_competences_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_conflicts" ADD CONSTRAINT "staff_conflicts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_conflicts" ADD CONSTRAINT "staff_conflicts_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_conflicts" ADD CONSTRAINT "staff_conflicts_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_conflicts" ADD CONSTRAINT "staff_conflicts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_records" ADD CONSTRAINT "staff_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_records" ADD CONSTRAINT "staff_records_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_records" ADD CONSTRAINT "staff_records_employer_company_id_companies_id_fk" FOREIGN KEY ("employer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_reference_unique" ON "appeals" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "appeals_account_idx" ON "appeals" USING btree ("account_id","status","received_on");--> statement-breakpoint
CREATE INDEX "appeals_application_idx" ON "appeals" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "appeals_appellant_idx" ON "appeals" USING btree ("appellant_user_id");--> statement-breakpoint
CREATE INDEX "case_entries_appeal_idx" ON "case_entries" USING btree ("appeal_id");--> statement-breakpoint
CREATE INDEX "case_entries_complaint_idx" ON "case_entries" USING btree ("complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_reference_unique" ON "complaints" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "complaints_account_idx" ON "complaints" USING btree ("account_id","status","received_on");--> statement-breakpoint
CREATE INDEX "complaints_complainant_idx" ON "complaints" USING btree ("complainant_user_id");--> statement-breakpoint
CREATE INDEX "cut_score_judges_study_idx" ON "cut_score_judges" USING btree ("study_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cut_score_studies_version_unique" ON "cut_score_studies" USING btree ("exam_definition_id","version");--> statement-breakpoint
CREATE INDEX "cut_score_studies_account_idx" ON "cut_score_studies" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "impartiality_events_account_idx" ON "impartiality_events" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "impartiality_events_application_idx" ON "impartiality_events" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_agreements_year_unique" ON "staff_agreements" USING btree ("account_id","staff_user_id","year");--> statement-breakpoint
CREATE INDEX "staff_competences_staff_idx" ON "staff_competences" USING btree ("account_id","staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_conflicts_staff_idx" ON "staff_conflicts" USING btree ("account_id","staff_user_id");--> statement-breakpoint
CREATE INDEX "staff_conflicts_applicant_idx" ON "staff_conflicts" USING btree ("applicant_user_id");--> statement-breakpoint
CREATE INDEX "staff_conflicts_company_idx" ON "staff_conflicts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_records_staff_unique" ON "staff_records" USING btree ("account_id","staff_user_id");--> statement-breakpoint
-- References people quote (APL-2026-00001, CMP-2026-00001): one sequence each, platform-wide.
CREATE SEQUENCE IF NOT EXISTS "appeal_reference_seq";
--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "complaint_reference_seq";
--> statement-breakpoint
-- Certification and AICIP programs separate the certification decision from assessment and examination by default (ISO/IEC 17024 9.5).
UPDATE "programs" SET "decision_separation" = true WHERE "program_type" IN (2, 4);
--> statement-breakpoint
-- Today's reviews are appeals of a result: each gets its appeal, linked by review_id, with the review's outcome.
INSERT INTO "appeals" ("account_id", "reference", "program_id", "application_id", "review_id", "subject", "appellant_user_id", "grounds",
  "status", "handler_id", "received_on", "acknowledged_on", "acknowledge_by", "decide_by", "decided_on", "decided_by", "outcome", "outcome_reasons",
  "created_on", "modified_on", "created_by", "modified_by")
SELECT p.account_id,
  'APL-' || to_char(r.created_on, 'YYYY') || '-' || lpad(nextval('appeal_reference_seq')::text, 5, '0'),
  a.program_id, a.id, r.id, 'result', ap.user_id, r.reason,
  CASE WHEN r.status = 'open' THEN 'received' ELSE 'decided' END,
  r.decided_by, r.created_on, r.created_on, (r.created_on::date + 5), (r.created_on::date + 30), r.decided_on, r.decided_by,
  CASE r.status WHEN 'upheld' THEN 'upheld' WHEN 'refused' THEN 'dismissed' END, r.decision_note,
  r.created_on, r.modified_on, r.created_by, r.modified_by
FROM "application_reviews" r
JOIN "applications" a ON a.id = r.application_id
JOIN "applicants" ap ON ap.id = a.applicant_id
JOIN "programs" p ON p.id = a.program_id
ORDER BY r.created_on;
--> statement-breakpoint
-- Row-level security (decision 034): an account's staff see their own account's rows only.
ALTER TABLE "staff_conflicts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "staff_conflicts" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "staff_agreements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "staff_agreements" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "staff_records" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "staff_records" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "staff_competences" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "staff_competences" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "impartiality_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "impartiality_events" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "appeals" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "appeals" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "complaints" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "complaints" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "case_entries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "case_entries" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "cut_score_studies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "cut_score_studies" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "cut_score_judges" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "cut_score_judges" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM cut_score_studies s WHERE s.id = study_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM cut_score_studies s WHERE s.id = study_id));
--> statement-breakpoint
ALTER TABLE "cut_score_ratings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "cut_score_ratings" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM cut_score_judges j WHERE j.id = judge_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM cut_score_judges j WHERE j.id = judge_id));
--> statement-breakpoint
-- The new menu items (Appeals, Complaints, Impartiality, Exam Quality) for every account administrator; others get them from an administrator.
UPDATE "users" SET "menu_items" = "menu_items" || ARRAY(SELECT item FROM unnest(ARRAY['Appeals', 'Complaints', 'Impartiality', 'Exam Quality']) AS item WHERE NOT item = ANY("menu_items"))
WHERE "user_type" = 'admin' AND "role" = 2;
