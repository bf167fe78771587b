CREATE TABLE "conversation_reads" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"topic" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"employee_id" integer,
	"counterpart_id" integer,
	"created_by_id" integer NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievance_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"grievance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"note" text DEFAULT '' NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"by_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"claimed_by" text DEFAULT '' NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_actor_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "employee_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "complainant_id" integer;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "complainant_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "channel" text DEFAULT 'PORTAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "occurred_on" date;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "people_involved" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "desired_outcome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "grievances" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_counterpart_id_users_id_fk" FOREIGN KEY ("counterpart_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_events" ADD CONSTRAINT "grievance_events_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reads_user_idx" ON "conversation_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversations_organization_idx" ON "conversations" USING btree ("organization_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_employee_idx" ON "conversations" USING btree ("employee_id","last_message_at") WHERE "conversations"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_counterpart_idx" ON "conversations" USING btree ("counterpart_id","last_message_at") WHERE "conversations"."counterpart_id" is not null;--> statement-breakpoint
CREATE INDEX "grievance_events_grievance_idx" ON "grievance_events" USING btree ("grievance_id","at","id");--> statement-breakpoint
CREATE INDEX "live_events_user_idx" ON "live_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_complainant_id_users_id_fk" FOREIGN KEY ("complainant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_employee_idx" ON "audit_log" USING btree ("employee_id","created_at") WHERE "audit_log"."employee_id" is not null;--> statement-breakpoint
CREATE INDEX "grievances_desk_idx" ON "grievances" USING btree ("organization_id","urgent","created_at","id");--> statement-breakpoint
CREATE INDEX "grievances_complainant_idx" ON "grievances" USING btree ("complainant_id","created_at");--> statement-breakpoint
-- Grievances filed before this migration were filed by their complainant through the portal.
UPDATE "grievances" g SET "complainant_id" = g."filed_by_id", "urgent" = (g."category" = 'ABUSE'), "updated_at" = g."created_at",
  "complainant_name" = coalesce((SELECT trim(u."first_name" || ' ' || u."last_name") FROM "users" u WHERE u."id" = g."filed_by_id"), '');--> statement-breakpoint
-- A grievance's trail is its record for a surveyor (42 CFR 484.50(e)): steps and notes are never edited or removed.
CREATE OR REPLACE FUNCTION grievance_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'grievance_events is append-only (% refused)', TG_OP;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER grievance_events_no_update_or_delete BEFORE UPDATE OR DELETE ON "grievance_events"
  FOR EACH ROW EXECUTE FUNCTION grievance_events_refuse_change();--> statement-breakpoint
CREATE TRIGGER grievance_events_no_truncate BEFORE TRUNCATE ON "grievance_events"
  FOR EACH STATEMENT EXECUTE FUNCTION grievance_events_refuse_change();--> statement-breakpoint
INSERT INTO "job_claims" ("name", "claimed_until") VALUES ('document-expiry', 'epoch'), ('work-service-reviews', 'epoch'), ('live-events-prune', 'epoch');
