CREATE TABLE "account_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"applicant_id" uuid,
	"company_id" uuid,
	"membership_type" text NOT NULL,
	"member_number" text DEFAULT '' NOT NULL,
	"confirmed_on" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_by" uuid,
	"starts_on" date,
	"ends_on" date,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "account_memberships_one_member" CHECK (("account_memberships"."applicant_id" is null) <> ("account_memberships"."company_id" is null))
);
--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_memberships" ADD CONSTRAINT "account_memberships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_memberships_applicant_unique" ON "account_memberships" USING btree ("account_id","applicant_id") WHERE applicant_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "account_memberships_company_unique" ON "account_memberships" USING btree ("account_id","company_id") WHERE company_id is not null;--> statement-breakpoint
CREATE INDEX "account_memberships_applicant_idx" ON "account_memberships" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "account_memberships_company_idx" ON "account_memberships" USING btree ("company_id");--> statement-breakpoint
-- Every membership held so far was the first account's (decision 033): copy it there before the old columns go.
INSERT INTO "account_memberships" ("account_id", "applicant_id", "membership_type", "member_number", "confirmed_on", "confirmed_by", "ends_on", "created_on", "modified_on", "created_by", "modified_by")
SELECT '00000000-0000-4000-8000-000000000001', "id", "membership_type", "member_number", "membership_confirmed_on", "membership_confirmed_by", "member_current_until", "membership_confirmed_on", "membership_confirmed_on", "membership_confirmed_by", "membership_confirmed_by"
FROM "applicants" WHERE "membership_confirmed_on" IS NOT NULL AND "membership_type" <> 'none';--> statement-breakpoint
INSERT INTO "account_memberships" ("account_id", "company_id", "membership_type", "member_number", "confirmed_on", "confirmed_by", "starts_on", "ends_on", "created_on", "modified_on", "created_by", "modified_by")
SELECT '00000000-0000-4000-8000-000000000001', "id", 'corporate', "corporate_member_number", "modified_on", "modified_by", "membership_starts_on", "membership_ends_on", "modified_on", "modified_on", "modified_by", "modified_by"
FROM "companies" WHERE "corporate_member_number" <> '';--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "corporate_member_number";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "membership_starts_on";--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "membership_ends_on";--> statement-breakpoint
ALTER TABLE "applicants" DROP COLUMN "membership_confirmed_on";--> statement-breakpoint
ALTER TABLE "applicants" DROP COLUMN "membership_confirmed_by";--> statement-breakpoint
ALTER TABLE "applicants" DROP COLUMN "member_current_until";