CREATE TABLE "program_renewal_rules" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"late_renewal" text DEFAULT 'newApplication' NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"late_fee_member_cents" integer DEFAULT 0 NOT NULL,
	"late_fee_non_member_cents" integer DEFAULT 0 NOT NULL,
	"new_number_on_renewal" boolean DEFAULT false NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "renewal_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renewal_id" uuid NOT NULL,
	"program_module_id" uuid NOT NULL,
	"is_required" boolean NOT NULL,
	"fee_cents" integer NOT NULL,
	"fee_basis" text NOT NULL,
	"order" integer NOT NULL,
	"exam_kind" text,
	"scheduled_at" timestamp with time zone,
	"schedule_time_zone" text,
	"duration_minutes" integer,
	"venue_id" uuid,
	"testing_agency_id" uuid,
	"examiner_id" uuid,
	"invigilator_id" uuid,
	"schedule_note" text DEFAULT '' NOT NULL,
	"schedule_sent_on" timestamp with time zone,
	"result" text,
	"result_percentage" numeric(5, 2),
	"result_notes" text DEFAULT '' NOT NULL,
	"result_entered_on" timestamp with time zone,
	"result_entered_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD COLUMN "is_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD COLUMN "late_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD COLUMN "previous_certificate_number" text;--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD COLUMN "new_certificate_number" text;--> statement-breakpoint
ALTER TABLE "program_renewal_rules" ADD CONSTRAINT "program_renewal_rules_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_renewal_id_renewal_applications_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."renewal_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_program_module_id_program_modules_id_fk" FOREIGN KEY ("program_module_id") REFERENCES "public"."program_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_testing_agency_id_testing_agencies_id_fk" FOREIGN KEY ("testing_agency_id") REFERENCES "public"."testing_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_examiner_id_users_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_invigilator_id_users_id_fk" FOREIGN KEY ("invigilator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_modules" ADD CONSTRAINT "renewal_modules_result_entered_by_users_id_fk" FOREIGN KEY ("result_entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_modules_unique" ON "renewal_modules" USING btree ("renewal_id","program_module_id");--> statement-breakpoint
ALTER TABLE "renewal_applications" ADD CONSTRAINT "renewal_applications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;