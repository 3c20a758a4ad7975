-- Row-level security per account (decision 034): the database's own check that a staff member
-- of one awarding body reads and writes only that body's rows, whatever a query forgets.
-- The app runs an account's staff statements as the role certs_account_staff with the account in
-- the setting certs.account_id (db/account-boundary.ts); everything else (applicants, the public,
-- the platform super user, jobs) runs as the connecting role, the tables' owner, which RLS skips.
-- Roles belong to the whole server: made once, and a server where the app may not make roles
-- keeps working on the app's own checks (the app sees the role is missing and says so at start).
DO $$
BEGIN
  CREATE ROLE certs_account_staff NOLOGIN;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
  WHEN insufficient_privilege THEN RAISE NOTICE 'certs_account_staff not created: row-level security stays off';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'certs_account_staff') THEN
    BEGIN
      GRANT certs_account_staff TO CURRENT_USER;
    EXCEPTION WHEN OTHERS THEN RAISE NOTICE 'certs_account_staff not granted to %: %', CURRENT_USER, SQLERRM;
    END;
    EXECUTE 'GRANT USAGE ON SCHEMA public TO certs_account_staff';
    EXECUTE 'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO certs_account_staff';
    EXECUTE 'GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO certs_account_staff';
    -- Tables of later migrations, made by the same role, are open to it too.
    EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO certs_account_staff';
    EXECUTE 'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO certs_account_staff';
  END IF;
END $$;
--> statement-breakpoint
-- The account whose staff are working; no setting (or an empty one) matches no row.
CREATE OR REPLACE FUNCTION certs_bound_account() RETURNS uuid LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('certs.account_id', true), '')::uuid $$;
--> statement-breakpoint
-- Whether an applicant has applied anywhere, on every account's programs: an account's staff reach
-- an applicant who has applied nowhere yet (decision 033), and under the policies below their own
-- view of applications would take "applied only to another body" for "applied nowhere". Runs as
-- the owner, so it sees every application, and answers only yes or no.
CREATE OR REPLACE FUNCTION certs_applied_anywhere(applicant uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM applications WHERE applicant_id = applicant) $$;
--> statement-breakpoint
-- Rows an account owns.
ALTER TABLE "programs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "programs" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "exam_definitions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_definitions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "questions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "questions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "subjects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "subjects" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "tags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "tags" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "venues" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "venues" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "testing_agencies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "testing_agencies" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "coupons" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "coupons" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "invoices" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "invoices" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "library_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "library_documents" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "certificate_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "certificate_templates" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "contact_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "contact_messages" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "bulk_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "bulk_imports" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "csv_exports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "csv_exports" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "saved_searches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "saved_searches" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
ALTER TABLE "credential_issuers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "credential_issuers" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
--> statement-breakpoint
-- Rows of a program: the program must be one the account's staff can see.
ALTER TABLE "applicant_instructions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "applicant_instructions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "applications" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "awards" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "awards" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_certificate_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_certificate_templates" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_certification_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_certification_settings" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_modules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_modules" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_renewal_rules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_renewal_rules" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_requirements" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_requirements" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_status_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_status_history" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_users" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "program_wq_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "program_wq_settings" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "renewal_applications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "renewal_applications" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
ALTER TABLE "wpq_records" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_records" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM programs p WHERE p.id = program_id));
--> statement-breakpoint
-- Rows of an application: its program must be one the account's staff can see.
ALTER TABLE "application_answers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_answers" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_assessments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_assessments" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_assessor_reviews" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_assessor_reviews" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_file_notes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_file_notes" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_history" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_modules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_modules" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "application_reviews" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "application_reviews" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "coupon_redemptions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "payments" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
ALTER TABLE "resit_modules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "resit_modules" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
--> statement-breakpoint
-- One level further down: rows of a test, a question, an award, a renewal, a welder qualification,
-- a sitting, an application's module or a recording are the account's when their parent is.
ALTER TABLE "exam_instances" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_instances" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id));
--> statement-breakpoint
ALTER TABLE "exam_sections" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_sections" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id));
--> statement-breakpoint
ALTER TABLE "exam_section_questions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_section_questions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_definitions parent WHERE parent.id = exam_definition_id));
--> statement-breakpoint
ALTER TABLE "question_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "question_versions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id));
--> statement-breakpoint
ALTER TABLE "question_subjects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "question_subjects" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id));
--> statement-breakpoint
ALTER TABLE "question_tags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "question_tags" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM questions parent WHERE parent.id = question_id));
--> statement-breakpoint
ALTER TABLE "award_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "award_history" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM awards parent WHERE parent.id = award_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM awards parent WHERE parent.id = award_id));
--> statement-breakpoint
ALTER TABLE "award_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "award_reminders" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM awards parent WHERE parent.id = award_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM awards parent WHERE parent.id = award_id));
--> statement-breakpoint
ALTER TABLE "renewal_modules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "renewal_modules" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM renewal_applications parent WHERE parent.id = renewal_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM renewal_applications parent WHERE parent.id = renewal_id));
--> statement-breakpoint
ALTER TABLE "wpq_confirmation_links" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_confirmation_links" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_confirmations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_confirmations" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_extension_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_extension_logs" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_revalidations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_revalidations" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_test_results" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_test_results" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_validity_ends" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_validity_ends" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "wpq_validity_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "wpq_validity_reminders" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM wpq_records parent WHERE parent.id = wpq_record_id));
--> statement-breakpoint
ALTER TABLE "exam_keystroke_batches" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_keystroke_batches" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "exam_recordings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_recordings" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "invigilation_pauses" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "invigilation_pauses" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "invigilation_presence" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "invigilation_presence" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "question_instances" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "question_instances" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "recording_holds" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "recording_holds" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "sitting_review_decisions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "sitting_review_decisions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "sitting_review_flags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "sitting_review_flags" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_instances parent WHERE parent.id = exam_instance_id));
--> statement-breakpoint
ALTER TABLE "exam_recording_consents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_recording_consents" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id));
--> statement-breakpoint
ALTER TABLE "exam_time_extensions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_time_extensions" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id));
--> statement-breakpoint
ALTER TABLE "irregularity_reports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "irregularity_reports" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM application_modules parent WHERE parent.id = application_module_id));
--> statement-breakpoint
ALTER TABLE "exam_recording_chunks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_recording_chunks" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_recordings parent WHERE parent.id = recording_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_recordings parent WHERE parent.id = recording_id));
--> statement-breakpoint
ALTER TABLE "exam_recording_segments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "exam_recording_segments" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_recordings parent WHERE parent.id = recording_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM exam_recordings parent WHERE parent.id = recording_id));
