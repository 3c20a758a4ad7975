CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"country" text DEFAULT 'AU' NOT NULL,
	"abn" text DEFAULT '' NOT NULL,
	"nzbn" text DEFAULT '' NOT NULL,
	"gst_number" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"mail_sender_name" text NOT NULL,
	"time_zone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"gst_rate_basis_points" integer DEFAULT 1000 NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	"certificate_number_pattern" text DEFAULT '' NOT NULL,
	"stripe_publishable_key" text DEFAULT '' NOT NULL,
	"stripe_secret_key_encrypted" text,
	"stripe_webhook_secret_encrypted" text,
	"follows_environment" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
-- The body that ran the platform alone becomes the first account (decision 033). Its identity
-- follows the AWARDING_BODY_* settings at every start until administrators save its settings.
INSERT INTO "accounts" ("id", "name", "short_name", "country", "abn", "address", "contact_email", "mail_sender_name", "follows_environment")
VALUES ('00000000-0000-4000-8000-000000000001', 'Welding Certification Board of Australia and New Zealand', 'main', 'AU', '12 345 678 901',
  '1 Example Street, Sydney NSW 2000, Australia', 'accounts@certification.local', 'Welding Certification Board of Australia and New Zealand', true);
--> statement-breakpoint
DROP INDEX "exam_definitions_title_unique";--> statement-breakpoint
DROP INDEX "subjects_title_unique";--> statement-breakpoint
DROP INDEX "tags_title_unique";--> statement-breakpoint
DROP INDEX "venues_title_unique";--> statement-breakpoint
DROP INDEX "invoices_number_unique";--> statement-breakpoint
DROP INDEX "library_documents_number_unique";--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "subjects" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "testing_agencies" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_exports" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "account_id" uuid DEFAULT '00000000-0000-4000-8000-000000000001' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_short_name_unique" ON "accounts" USING btree (lower("short_name"));--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_imports" ADD CONSTRAINT "bulk_imports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD CONSTRAINT "exam_definitions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_agencies" ADD CONSTRAINT "testing_agencies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "csv_exports" ADD CONSTRAINT "csv_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_definitions_title_unique" ON "exam_definitions" USING btree ("account_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_title_unique" ON "subjects" USING btree ("account_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_unique" ON "tags" USING btree ("account_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "venues_title_unique" ON "venues" USING btree ("account_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("account_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "library_documents_number_unique" ON "library_documents" USING btree ("account_id",lower("document_number"));--> statement-breakpoint
UPDATE "users" SET "account_id" = '00000000-0000-4000-8000-000000000001' WHERE "user_type" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_have_an_account" CHECK ("users"."user_type" = 'applicant' or "users"."account_id" is not null);