CREATE TABLE "impartiality_agreement_texts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"agreement_text" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"modified_by" uuid
);
--> statement-breakpoint
ALTER TABLE "cut_score_studies" ADD COLUMN "previous_pass_percent" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "impartiality_agreement_texts" ADD CONSTRAINT "impartiality_agreement_texts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Harmless in one step (decision 042): the body's agreement text was kept as a signature of year 0 by its last editor (issue 43's first
-- cut): each account's latest such row becomes its text, and the stand-in rows go.
INSERT INTO "impartiality_agreement_texts" ("account_id", "agreement_text", "created_on", "modified_on", "created_by", "modified_by")
SELECT DISTINCT ON (s.account_id) s.account_id, s.agreement_text, s.created_on, s.modified_on, s.staff_user_id, s.staff_user_id
FROM "staff_agreements" s
WHERE s.year = 0
ORDER BY s.account_id, s.modified_on DESC, s.id DESC;
--> statement-breakpoint
DELETE FROM "staff_agreements" WHERE "year" = 0;
--> statement-breakpoint
-- Row-level security (decision 034): an account's staff see their own account's text only.
ALTER TABLE "impartiality_agreement_texts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_staff ON "impartiality_agreement_texts" AS PERMISSIVE FOR ALL TO PUBLIC
  USING (current_user <> 'certs_account_staff' OR account_id = certs_bound_account())
  WITH CHECK (current_user <> 'certs_account_staff' OR account_id = certs_bound_account());
