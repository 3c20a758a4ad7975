-- A renewal moves an award's expiry on: its reminders are kept per expiry day (issue 17).
ALTER TABLE "award_reminders" ADD COLUMN "expires_on" date;--> statement-breakpoint
UPDATE "award_reminders" SET "expires_on" = "awards"."expires_on" FROM "awards" WHERE "awards"."id" = "award_reminders"."award_id";--> statement-breakpoint
DELETE FROM "award_reminders" WHERE "expires_on" IS NULL;--> statement-breakpoint
ALTER TABLE "award_reminders" ALTER COLUMN "expires_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "award_reminders" DROP CONSTRAINT "award_reminders_award_id_kind_pk";--> statement-breakpoint
ALTER TABLE "award_reminders" ADD CONSTRAINT "award_reminders_award_id_expires_on_kind_pk" PRIMARY KEY("award_id","expires_on","kind");
