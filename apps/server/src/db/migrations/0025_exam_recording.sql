CREATE TABLE "exam_keystroke_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"exam_instance_id" uuid NOT NULL,
	"module_exam_instance_record_id" uuid,
	"keys" jsonb NOT NULL,
	"key_count" integer NOT NULL,
	"client_time_zone" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"network_data" jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_recording_chunks" (
	"recording_id" uuid NOT NULL,
	"stream" text NOT NULL,
	"segment" integer NOT NULL,
	"sequence" integer NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"started_on" timestamp with time zone NOT NULL,
	"ended_on" timestamp with time zone NOT NULL,
	"stored_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_recording_chunks_recording_id_stream_segment_sequence_pk" PRIMARY KEY("recording_id","stream","segment","sequence")
);
--> statement-breakpoint
CREATE TABLE "exam_recording_consents" (
	"application_module_id" uuid PRIMARY KEY NOT NULL,
	"applicant_id" uuid NOT NULL,
	"consent_version" integer NOT NULL,
	"retention_days" integer NOT NULL,
	"agreed_on" timestamp with time zone NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "exam_recording_segments" (
	"recording_id" uuid NOT NULL,
	"segment" integer NOT NULL,
	"reason" text NOT NULL,
	"session_id" text NOT NULL,
	"started_on" timestamp with time zone NOT NULL,
	"ended_on" timestamp with time zone,
	"duration" real DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "exam_recording_segments_recording_id_segment_pk" PRIMARY KEY("recording_id","segment")
);
--> statement-breakpoint
CREATE TABLE "exam_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_instance_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"qualification_module_id" uuid,
	"qualification_resit_module_id" uuid,
	"aicip_module_id" uuid,
	"aicip_resit_module_id" uuid,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"session_id" text NOT NULL,
	"resolution" text NOT NULL,
	"duration" real DEFAULT 0 NOT NULL,
	"has_audio" boolean NOT NULL,
	"has_video" boolean NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"video_created_on" timestamp with time zone NOT NULL,
	"screen_resolution" text NOT NULL,
	"user_agent" text NOT NULL,
	"record_timezone" text NOT NULL,
	"mime_type" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "exam_recordings_exam_instance_id_unique" UNIQUE("exam_instance_id")
);
--> statement-breakpoint
ALTER TABLE "application_modules" ADD COLUMN "record_exam" boolean;--> statement-breakpoint
ALTER TABLE "exam_definitions" ADD COLUMN "record_exam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_keystroke_batches" ADD CONSTRAINT "exam_keystroke_batches_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_keystroke_batches" ADD CONSTRAINT "exam_keystroke_batches_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_keystroke_batches" ADD CONSTRAINT "exam_keystroke_batches_module_exam_instance_record_id_exam_recordings_id_fk" FOREIGN KEY ("module_exam_instance_record_id") REFERENCES "public"."exam_recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recording_chunks" ADD CONSTRAINT "exam_recording_chunks_recording_id_exam_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."exam_recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recording_consents" ADD CONSTRAINT "exam_recording_consents_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recording_consents" ADD CONSTRAINT "exam_recording_consents_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recording_segments" ADD CONSTRAINT "exam_recording_segments_recording_id_exam_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."exam_recordings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recordings" ADD CONSTRAINT "exam_recordings_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recordings" ADD CONSTRAINT "exam_recordings_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recordings" ADD CONSTRAINT "exam_recordings_qualification_module_id_application_modules_id_fk" FOREIGN KEY ("qualification_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_recordings" ADD CONSTRAINT "exam_recordings_aicip_module_id_application_modules_id_fk" FOREIGN KEY ("aicip_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_keystroke_batches_batch_unique" ON "exam_keystroke_batches" USING btree ("applicant_id","batch_id");--> statement-breakpoint
CREATE INDEX "exam_keystroke_batches_instance_idx" ON "exam_keystroke_batches" USING btree ("exam_instance_id","start_date");