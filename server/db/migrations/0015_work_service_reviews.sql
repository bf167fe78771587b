CREATE TABLE "work_service_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"week_end" date NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"signed_by_id" integer,
	"signed_at" timestamp with time zone,
	"signature_file_id" integer,
	"signed_visits" jsonb,
	"unable_reason" text,
	"unable_note" text,
	"unable_recorded_by_id" integer,
	"unable_recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_signature_file_id_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_unable_recorded_by_id_users_id_fk" FOREIGN KEY ("unable_recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_service_reviews_client_week_unique" ON "work_service_reviews" USING btree ("client_id","week_start");--> statement-breakpoint
CREATE INDEX "work_service_reviews_organization_idx" ON "work_service_reviews" USING btree ("organization_id","week_start","id");--> statement-breakpoint
CREATE INDEX "work_service_reviews_organization_status_idx" ON "work_service_reviews" USING btree ("organization_id","status","week_start","id");--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_week" CHECK ("week_end" = "week_start" + 6);
--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_status" CHECK ("status" IN ('PENDING', 'SIGNED', 'DISPUTED', 'UNABLE_TO_SIGN'));
--> statement-breakpoint
-- A signed review names who signed, when, and the signature; a client who cannot sign has the office's reason.
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_signed_has_signature" CHECK (
  "status" <> 'SIGNED' OR ("signed_by_id" IS NOT NULL AND "signed_at" IS NOT NULL AND "signature_file_id" IS NOT NULL AND "signed_visits" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "work_service_reviews" ADD CONSTRAINT "work_service_reviews_unable_has_reason" CHECK (
  "status" <> 'UNABLE_TO_SIGN' OR ("unable_reason" IS NOT NULL AND "unable_recorded_by_id" IS NOT NULL AND "unable_recorded_at" IS NOT NULL)
);
--> statement-breakpoint
-- A signed review is a record: it never changes or disappears; a client who cannot sign stays so.
CREATE FUNCTION work_service_reviews_keep_signed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'SIGNED' THEN
      RAISE EXCEPTION 'a signed work-service review cannot be deleted' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.status = 'SIGNED' AND NEW IS DISTINCT FROM OLD THEN
    RAISE EXCEPTION 'a signed work-service review cannot change' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'UNABLE_TO_SIGN' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'the office recorded that this client cannot sign' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER work_service_reviews_keep_signed BEFORE UPDATE OR DELETE ON work_service_reviews FOR EACH ROW EXECUTE FUNCTION work_service_reviews_keep_signed();
