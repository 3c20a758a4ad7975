CREATE TABLE "application_review_attachments" (
	"review_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "application_review_attachments_review_id_attachment_id_pk" PRIMARY KEY("review_id","attachment_id")
);
--> statement-breakpoint
CREATE TABLE "application_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision_note" text,
	"decided_on" timestamp with time zone,
	"decided_by" uuid,
	"changed_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "review_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_review_attachments" ADD CONSTRAINT "application_review_attachments_review_id_application_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."application_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_review_attachments" ADD CONSTRAINT "application_review_attachments_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_reviews" ADD CONSTRAINT "application_reviews_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_reviews" ADD CONSTRAINT "application_reviews_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_reviews_application_idx" ON "application_reviews" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_reviews_one_open" ON "application_reviews" USING btree ("application_id") WHERE "application_reviews"."status" = 'open';