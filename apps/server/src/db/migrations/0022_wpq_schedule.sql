ALTER TABLE "wpq_records" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD COLUMN "schedule_time_zone" text;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD COLUMN "venue_id" uuid;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD COLUMN "schedule_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD COLUMN "schedule_sent_on" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wpq_records" ADD CONSTRAINT "wpq_records_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;