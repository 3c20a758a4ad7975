CREATE INDEX "awards_application_idx" ON "awards" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_application_idx" ON "coupon_redemptions" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_applicant_idx" ON "coupon_redemptions" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "renewal_applications_application_idx" ON "renewal_applications" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "renewal_applications_applicant_idx" ON "renewal_applications" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "wpq_records_award_idx" ON "wpq_records" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "wpq_confirmations_award_idx" ON "wpq_confirmations" USING btree ("award_id");--> statement-breakpoint
CREATE INDEX "wpq_revalidations_award_idx" ON "wpq_revalidations" USING btree ("award_id");