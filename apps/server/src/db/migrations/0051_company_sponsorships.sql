CREATE TABLE "company_sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"purchase_order_number" text DEFAULT '' NOT NULL,
	"billing_contact_name" text NOT NULL,
	"billing_contact_email" text NOT NULL,
	"nominated_by" uuid NOT NULL,
	"nominated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "company_sponsorships" ADD CONSTRAINT "company_sponsorships_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sponsorships" ADD CONSTRAINT "company_sponsorships_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sponsorships" ADD CONSTRAINT "company_sponsorships_nominated_by_users_id_fk" FOREIGN KEY ("nominated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_sponsorships_application_unique" ON "company_sponsorships" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "company_sponsorships_company_idx" ON "company_sponsorships" USING btree ("company_id","nominated_on");--> statement-breakpoint
-- Rows of an application (as in 0034): an account's staff see the sponsorships of their own programs' applications.
ALTER TABLE "company_sponsorships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "company_sponsorships" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id))
  WITH CHECK (current_user <> 'certs_account_staff' OR EXISTS (SELECT 1 FROM applications a WHERE a.id = application_id));
