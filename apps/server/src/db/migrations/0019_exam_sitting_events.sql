CREATE TABLE "exam_sitting_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"exam_instance_id" uuid,
	"application_module_id" uuid,
	"applicant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_on" timestamp with time zone NOT NULL,
	"recorded_on" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"client_event_id" text
);
--> statement-breakpoint
ALTER TABLE "exam_sitting_events" ADD CONSTRAINT "exam_sitting_events_exam_instance_id_exam_instances_id_fk" FOREIGN KEY ("exam_instance_id") REFERENCES "public"."exam_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sitting_events" ADD CONSTRAINT "exam_sitting_events_application_module_id_application_modules_id_fk" FOREIGN KEY ("application_module_id") REFERENCES "public"."application_modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sitting_events" ADD CONSTRAINT "exam_sitting_events_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sitting_events" ADD CONSTRAINT "exam_sitting_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_sitting_events_instance_idx" ON "exam_sitting_events" USING btree ("exam_instance_id","id");--> statement-breakpoint
CREATE INDEX "exam_sitting_events_module_idx" ON "exam_sitting_events" USING btree ("application_module_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sitting_events_client_unique" ON "exam_sitting_events" USING btree ("applicant_id","client_event_id") WHERE client_event_id IS NOT NULL;--> statement-breakpoint
-- Every instance's invigilator console hears each new event within a moment (issue 19): the
-- insert is announced with the ids a console filters on; listeners read the row itself.
CREATE FUNCTION notify_exam_sitting_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('exam_sitting_event', json_build_object(
    'id', NEW.id,
    'examInstanceId', NEW.exam_instance_id,
    'applicationModuleId', NEW.application_module_id,
    'applicantId', NEW.applicant_id,
    'kind', NEW.kind)::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER exam_sitting_events_notify
  AFTER INSERT ON exam_sitting_events
  FOR EACH ROW EXECUTE FUNCTION notify_exam_sitting_event();
