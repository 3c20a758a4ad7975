CREATE TABLE "resit_modules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"application_module_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"stage" text DEFAULT 'Resit Applied' NOT NULL,
	"fee_cents" integer NOT NULL,
	"fee_basis" text NOT NULL,
	"invoice_id" uuid,
	"exam_kind" text,
	"scheduled_at" timestamp with time zone,
	"schedule_time_zone" text,
	"duration_minutes" integer,
	"venue_id" uuid,
	"testing_agency_id" uuid,
	"examiner_id" uuid,
	"invigilator_id" uuid,
	"exam_definition_id" uuid,
	"schedule_note" text DEFAULT '' NOT NULL,
	"schedule_sent_on" timestamp with time zone,
	"result" text,
	"result_percentage" numeric(5, 2),
	"result_notes" text DEFAULT '' NOT NULL,
	"result_entered_on" timestamp with time zone,
	"result_entered_by" uuid,
	"assessment_submitted_on" timestamp with time zone,
	"result_submitted_on" timestamp with time zone,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "exam_instances" ADD COLUMN "resit_module_id" uuid;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "max_resits_per_module" integer;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_testing_agency_id_testing_agencies_id_fk" FOREIGN KEY ("testing_agency_id") REFERENCES "public"."testing_agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_examiner_id_users_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_invigilator_id_users_id_fk" FOREIGN KEY ("invigilator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_exam_definition_id_exam_definitions_id_fk" FOREIGN KEY ("exam_definition_id") REFERENCES "public"."exam_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resit_modules" ADD CONSTRAINT "resit_modules_result_entered_by_users_id_fk" FOREIGN KEY ("result_entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resit_modules_application_idx" ON "resit_modules" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resit_modules_attempt_unique" ON "resit_modules" USING btree ("application_module_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "resit_modules_one_open" ON "resit_modules" USING btree ("application_module_id") WHERE "resit_modules"."stage" <> 'Resit Result';--> statement-breakpoint
CREATE INDEX "resit_modules_invoice_idx" ON "resit_modules" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "exam_instances" ADD CONSTRAINT "exam_instances_resit_module_id_resit_modules_id_fk" FOREIGN KEY ("resit_module_id") REFERENCES "public"."resit_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_instances_resit_unique" ON "exam_instances" USING btree ("resit_module_id");