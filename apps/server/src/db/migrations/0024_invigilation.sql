CREATE TABLE "invigilation_pauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_instance_id" uuid NOT NULL,
	"paused_on" timestamp with time zone NOT NULL,
	"remaining_seconds" integer NOT NULL,
	"hold_seconds" integer NOT NULL,
	"pause_reason" text NOT NULL,
	"paused_by" uuid NOT NULL,
	"resumed_on" timestamp with time zone,
	"resume_reason" text,
	"resumed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invigilation_presence" (
	"exam_instance_id" uuid PRIMARY KEY NOT NULL,
	"last_seen_on" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "irregularity_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_module_id" uuid NOT NULL,
	"exam_instance_id" uuid,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"evidence_times" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "recording_holds" (
	"exam_instance_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sitting_review_decisions" (
	"exam_instance_id" uuid PRIMARY KEY NOT NULL,
	"decision" text NOT NULL,
	"note" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sitting_review_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_instance_id" uuid NOT NULL,
	"at_on" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "invigilation_pauses" ADD CONSTRAINT "invigilation_pauses_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation_pauses" ADD CONSTRAINT "invigilation_pauses_paused_by_users_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation_pauses" ADD CONSTRAINT "invigilation_pauses_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invigilation_presence" ADD CONSTRAINT "invigilation_presence_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irregularity_reports" ADD CONSTRAINT "irregularity_reports_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irregularity_reports" ADD CONSTRAINT "irregularity_reports_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_holds" ADD CONSTRAINT "recording_holds_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_review_decisions" ADD CONSTRAINT "sitting_review_decisions_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitting_review_flags" ADD CONSTRAINT "sitting_review_flags_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invigilation_pauses_one_open" ON "invigilation_pauses" USING btree ("exam_instance_id") WHERE resumed_on is null;--> statement-breakpoint
CREATE INDEX "irregularity_reports_module_idx" ON "irregularity_reports" USING btree ("application_module_id");--> statement-breakpoint
CREATE INDEX "sitting_review_flags_instance_idx" ON "sitting_review_flags" USING btree ("exam_instance_id","at_on");