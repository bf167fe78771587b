CREATE TABLE "visit_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"visit_id" integer NOT NULL,
	"code" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by_id" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_requests" (
	"visit_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_requests_visit_id_caregiver_id_pk" PRIMARY KEY("visit_id","caregiver_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_service_id" integer NOT NULL,
	"caregiver_id" integer,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"service_date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"pattern_id" integer,
	"callout_reason" text,
	"called_out_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_note" text,
	"clock_in_at" timestamp with time zone,
	"clock_in_latitude" double precision,
	"clock_in_longitude" double precision,
	"clock_in_accuracy" double precision,
	"clock_in_distance" double precision,
	"clock_in_location" text,
	"clock_in_reason" text,
	"clock_out_at" timestamp with time zone,
	"clock_out_latitude" double precision,
	"clock_out_longitude" double precision,
	"clock_out_accuracy" double precision,
	"clock_out_distance" double precision,
	"clock_out_location" text,
	"clock_out_reason" text,
	"corrected_start_at" timestamp with time zone,
	"corrected_end_at" timestamp with time zone,
	"correction_reason" text,
	"correction_note" text,
	"corrected_by_id" integer,
	"corrected_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "evv_tolerance_meters" integer DEFAULT 250 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "week_start" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_exceptions" ADD CONSTRAINT "visit_exceptions_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_client_service_id_client_services_id_fk" FOREIGN KEY ("client_service_id") REFERENCES "public"."client_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_caregiver_id_users_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_corrected_by_id_users_id_fk" FOREIGN KEY ("corrected_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_exceptions_visit_code_unique" ON "visit_exceptions" USING btree ("visit_id","code");--> statement-breakpoint
CREATE INDEX "visit_exceptions_open_idx" ON "visit_exceptions" USING btree ("organization_id","resolved_at","created_at","id");--> statement-breakpoint
CREATE INDEX "visit_requests_organization_idx" ON "visit_requests" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "visits_organization_start_idx" ON "visits" USING btree ("organization_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "visits_caregiver_start_idx" ON "visits" USING btree ("caregiver_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "visits_client_start_idx" ON "visits" USING btree ("client_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "visits_organization_status_start_idx" ON "visits" USING btree ("organization_id","status","starts_at","id");--> statement-breakpoint
-- A caregiver is never booked twice for one minute: of two concurrent bookings the database refuses the second
-- (GiST over ranges, so no extension is needed; PGlite and PostgreSQL alike). Windows are half-open: 09:00–11:00
-- and 11:00–13:00 do not overlap.
ALTER TABLE "visits" ADD CONSTRAINT "visits_caregiver_no_overlap" EXCLUDE USING gist (
  int4range("caregiver_id", "caregiver_id", '[]') WITH &&,
  tstzrange("starts_at", "ends_at", '[)') WITH &&
) WHERE ("caregiver_id" IS NOT NULL AND "status" IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'VERIFIED'));
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_window" CHECK ("ends_at" > "starts_at" AND "ends_at" - "starts_at" <= interval '24 hours');
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_open_has_no_caregiver" CHECK (
  ("status" <> 'OPEN' OR "caregiver_id" IS NULL)
  AND ("status" NOT IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETED', 'VERIFIED') OR "caregiver_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_cancel_has_reason" CHECK ("status" <> 'CANCELLED' OR "cancel_reason" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_correction_has_reason" CHECK (
  ("corrected_start_at" IS NULL AND "corrected_end_at" IS NULL) OR ("correction_reason" IS NOT NULL AND "corrected_by_id" IS NOT NULL AND "corrected_at" IS NOT NULL)
);
--> statement-breakpoint
-- A recorded clock is evidence: it never changes or disappears (the office's correction goes beside it).
CREATE FUNCTION visits_keep_clocks() RETURNS trigger AS $$
BEGIN
  IF OLD.clock_in_at IS NOT NULL AND NEW.clock_in_at IS DISTINCT FROM OLD.clock_in_at THEN
    RAISE EXCEPTION 'a recorded clock-in time cannot change; correct the visit with a reason' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.clock_out_at IS NOT NULL AND NEW.clock_out_at IS DISTINCT FROM OLD.clock_out_at THEN
    RAISE EXCEPTION 'a recorded clock-out time cannot change; correct the visit with a reason' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER visits_keep_clocks BEFORE UPDATE ON visits FOR EACH ROW EXECUTE FUNCTION visits_keep_clocks();
--> statement-breakpoint
CREATE FUNCTION visits_refuse_delete() RETURNS trigger AS $$
BEGIN
  IF OLD.clock_in_at IS NOT NULL OR OLD.clock_out_at IS NOT NULL THEN
    RAISE EXCEPTION 'a clocked visit cannot be deleted' USING ERRCODE = 'check_violation';
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER visits_refuse_delete BEFORE DELETE ON visits FOR EACH ROW EXECUTE FUNCTION visits_refuse_delete();
