ALTER TABLE "applicants" ADD COLUMN "employer_claim_status" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "employer_claimed_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "employer_claim_decided_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "employer_claim_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_employer_claim_status_check" CHECK ("employer_claim_status" in ('pending', 'approved', 'declined'));--> statement-breakpoint
-- Existing links stay as they are (issue 42): approved, as they were in effect; staff can review them.
UPDATE "applicants" SET "employer_claim_status" = 'approved' WHERE "employer_company_id" IS NOT NULL;
