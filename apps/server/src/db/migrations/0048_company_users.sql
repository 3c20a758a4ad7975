CREATE TABLE "company_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"invited_by" uuid,
	"invited_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_staff_have_an_account";--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_users" ADD CONSTRAINT "company_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_users_company_idx" ON "company_users" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_have_an_account" CHECK ("users"."user_type" <> 'admin' or "users"."account_id" is not null);--> statement-breakpoint
-- A company user's role is one of the company's two (issue 42): the database keeps them apart from staff and applicants.
ALTER TABLE "users" ADD CONSTRAINT "users_employer_roles" CHECK ("users"."user_type" <> 'employer' or "users"."role" in (6, 7));
