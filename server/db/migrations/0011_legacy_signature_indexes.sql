CREATE INDEX "applications_legacy_signature_idx" ON "applications" USING btree ("id") WHERE "applications"."attestation_signature" is not null;--> statement-breakpoint
CREATE INDEX "form_requests_legacy_signature_idx" ON "form_requests" USING btree ("id") WHERE "form_requests"."signature" is not null;--> statement-breakpoint
CREATE INDEX "form_requests_legacy_countersignature_idx" ON "form_requests" USING btree ("id") WHERE "form_requests"."countersignature" is not null;--> statement-breakpoint
CREATE INDEX "test_requests_legacy_signature_idx" ON "test_requests" USING btree ("id") WHERE "test_requests"."observer_signature" is not null;--> statement-breakpoint
CREATE INDEX "users_legacy_signature_idx" ON "users" USING btree ("id") WHERE "users"."signature" is not null;