ALTER TABLE "applications" ALTER COLUMN "attestation_signature" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "attestation_signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "form_requests" ADD COLUMN "signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "form_requests" ADD COLUMN "countersignature_file_id" integer;--> statement-breakpoint
ALTER TABLE "test_requests" ADD COLUMN "observer_signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signature_file_id" integer;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_attestation_signature_file_id_files_id_fk" FOREIGN KEY ("attestation_signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_requests" ADD CONSTRAINT "form_requests_countersignature_file_id_files_id_fk" FOREIGN KEY ("countersignature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_requests" ADD CONSTRAINT "test_requests_observer_signature_file_id_files_id_fk" FOREIGN KEY ("observer_signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;