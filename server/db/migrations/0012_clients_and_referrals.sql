CREATE TABLE "client_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"unit" text NOT NULL,
	"amount" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_digits" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"preferred_language" text DEFAULT '' NOT NULL,
	"emergency_contact_name" text DEFAULT '' NOT NULL,
	"emergency_contact_phone" text DEFAULT '' NOT NULL,
	"emergency_contact_relationship" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"payer" text,
	"member_id" text,
	"physician_name" text,
	"physician_npi" text,
	"diagnosis_code" text,
	"diagnosis_description" text,
	"certification_start" date,
	"certification_end" date,
	"discharged_on" date,
	"discharge_reason" text,
	"discharge_note" text,
	"referral_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer,
	"filed_by_id" integer,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"state" text DEFAULT 'RECEIVED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"assessment_on" date,
	"reason" text,
	"note" text DEFAULT '' NOT NULL,
	"changes" jsonb,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"marketer_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_digits" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"requested_services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payer" text,
	"source" text NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"source_contact" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"assessment_on" date,
	"decline_reason" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_service_id_client_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."client_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_authorizations" ADD CONSTRAINT "client_authorizations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_services" ADD CONSTRAINT "client_services_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_services" ADD CONSTRAINT "client_services_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_filed_by_id_users_id_fk" FOREIGN KEY ("filed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_events" ADD CONSTRAINT "referral_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_marketer_id_users_id_fk" FOREIGN KEY ("marketer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_authorizations_client_idx" ON "client_authorizations" USING btree ("client_id","service_id","starts_on");--> statement-breakpoint
CREATE INDEX "client_authorizations_organization_idx" ON "client_authorizations" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_services_client_service_unique" ON "client_services" USING btree ("client_id","service");--> statement-breakpoint
CREATE INDEX "client_services_organization_idx" ON "client_services" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "client_users_client_idx" ON "client_users" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_organization_name_idx" ON "clients" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "clients_organization_created_idx" ON "clients" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "clients_organization_status_name_idx" ON "clients" USING btree ("organization_id","status","last_name","first_name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_referral_unique" ON "clients" USING btree ("referral_id");--> statement-breakpoint
CREATE INDEX "grievances_organization_idx" ON "grievances" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "grievances_filed_by_idx" ON "grievances" USING btree ("filed_by_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_events_referral_idx" ON "referral_events" USING btree ("referral_id","at","id");--> statement-breakpoint
CREATE INDEX "referral_events_organization_idx" ON "referral_events" USING btree ("organization_id","status","at");--> statement-breakpoint
CREATE INDEX "referrals_organization_created_idx" ON "referrals" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_organization_status_idx" ON "referrals" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_marketer_idx" ON "referrals" USING btree ("organization_id","marketer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_client_idx" ON "audit_log" USING btree ("client_id","created_at") WHERE "audit_log"."client_id" is not null;--> statement-breakpoint
-- A referral's history is never overwritten: nothing may edit or remove an event once written.
CREATE OR REPLACE FUNCTION referral_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'referral_events is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER referral_events_no_update_or_delete BEFORE UPDATE OR DELETE ON "referral_events"
  FOR EACH ROW EXECUTE FUNCTION referral_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER referral_events_no_truncate BEFORE TRUNCATE ON "referral_events"
  FOR EACH STATEMENT EXECUTE FUNCTION referral_events_refuse_change();
--> statement-breakpoint
-- Client and referral search: each word begins the first name or last name, or the digits begin the phone.
CREATE INDEX clients_organization_last_name_prefix_idx ON clients (organization_id, lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX clients_organization_first_name_prefix_idx ON clients (organization_id, lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX clients_organization_phone_prefix_idx ON clients (organization_id, phone_digits text_pattern_ops);
--> statement-breakpoint
CREATE INDEX referrals_organization_last_name_prefix_idx ON referrals (organization_id, lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX referrals_organization_first_name_prefix_idx ON referrals (organization_id, lower(first_name) text_pattern_ops);
