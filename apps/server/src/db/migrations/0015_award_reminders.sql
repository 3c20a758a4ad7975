CREATE TABLE "award_reminders" (
	"award_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_on" date NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid,
	CONSTRAINT "award_reminders_award_id_kind_pk" PRIMARY KEY("award_id","kind")
);
--> statement-breakpoint
ALTER TABLE "award_reminders" ADD CONSTRAINT "award_reminders_award_id_awards_id_fk" FOREIGN KEY ("award_id") REFERENCES "public"."awards"("id") ON DELETE no action ON UPDATE no action;