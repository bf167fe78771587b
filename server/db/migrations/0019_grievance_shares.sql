CREATE TABLE "grievance_shares" (
	"organization_id" integer NOT NULL,
	"grievance_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"shared_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_shares_grievance_id_user_id_pk" PRIMARY KEY("grievance_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "grievance_shares" ADD CONSTRAINT "grievance_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_shares" ADD CONSTRAINT "grievance_shares_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_shares" ADD CONSTRAINT "grievance_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_shares" ADD CONSTRAINT "grievance_shares_shared_by_id_users_id_fk" FOREIGN KEY ("shared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_shares_user_idx" ON "grievance_shares" USING btree ("user_id","organization_id");