ALTER TABLE "mails" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;