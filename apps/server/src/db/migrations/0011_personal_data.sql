CREATE TABLE "personal_data_access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"resource" text,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
CREATE TABLE "personal_data_deletion_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"completed_on" timestamp with time zone,
	"completed_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "personal_data_access_log" ADD CONSTRAINT "personal_data_access_log_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_access_log" ADD CONSTRAINT "personal_data_access_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_deletion_requests" ADD CONSTRAINT "personal_data_deletion_requests_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_deletion_requests" ADD CONSTRAINT "personal_data_deletion_requests_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_data_access_log_applicant_idx" ON "personal_data_access_log" USING btree ("applicant_id","created_on");--> statement-breakpoint
CREATE INDEX "personal_data_access_log_created_idx" ON "personal_data_access_log" USING btree ("created_on");--> statement-breakpoint
CREATE UNIQUE INDEX "personal_data_deletion_requests_one_open" ON "personal_data_deletion_requests" USING btree ("applicant_id") WHERE "personal_data_deletion_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "personal_data_deletion_requests_status_idx" ON "personal_data_deletion_requests" USING btree ("status","created_on");