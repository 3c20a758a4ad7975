CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"business_number_kind" text,
	"business_number" text,
	"street_address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'Australia' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_position" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"corporate_member_number" text DEFAULT '' NOT NULL,
	"membership_starts_on" date,
	"membership_ends_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"requested_by_applicant_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "employer_company_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_business_number_unique" ON "companies" USING btree ("business_number") WHERE business_number is not null;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_employer_company_id_companies_id_fk" FOREIGN KEY ("employer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;