CREATE INDEX "awards_application_idx" ON "awards" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_application_idx" ON "coupon_redemptions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "renewal_applications_application_idx" ON "renewal_applications" USING btree ("application_id");