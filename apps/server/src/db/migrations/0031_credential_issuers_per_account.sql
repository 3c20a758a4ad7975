CREATE TABLE "credential_issuers" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"path_name" text NOT NULL,
	"signing_key_sealed" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "credential_issuers" ADD CONSTRAINT "credential_issuers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_issuers_path_name_unique" ON "credential_issuers" USING btree ("path_name");