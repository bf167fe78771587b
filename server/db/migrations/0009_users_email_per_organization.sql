DROP INDEX "users_email_lower_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_organization_email_unique" ON "users" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_master_email_unique" ON "users" USING btree (lower("email")) WHERE "users"."organization_id" is null;