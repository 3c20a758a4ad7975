DROP INDEX "testing_agencies_reference_unique";--> statement-breakpoint
DROP INDEX "coupons_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "testing_agencies_reference_unique" ON "testing_agencies" USING btree ("account_id",lower("reference_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree ("account_id",upper("code"));