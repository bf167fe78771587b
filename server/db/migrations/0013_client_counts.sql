CREATE TABLE "client_counts" (
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_counts_organization_id_type_status_pk" PRIMARY KEY("organization_id","type","status")
);
--> statement-breakpoint
ALTER TABLE "client_counts" ADD CONSTRAINT "client_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Client counts per (organization, type, status), kept by statement-level triggers (as employee_counts).
CREATE OR REPLACE FUNCTION client_counts_add(rows_org integer[], rows_type text[], rows_status text[], delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO client_counts AS c (organization_id, type, status, count)
  SELECT o, t, s, delta * count(*)::int
  FROM unnest(rows_org, rows_type, rows_status) AS r(o, t, s)
  GROUP BY o, t, s
  ON CONFLICT (organization_id, type, status) DO UPDATE SET count = c.count + EXCLUDED.count;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_counts_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM client_counts_add(array_agg(n.organization_id), array_agg(n.type), array_agg(n.status), 1) FROM new_rows n HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_counts_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM client_counts_add(array_agg(o.organization_id), array_agg(o.type), array_agg(o.status), -1) FROM old_rows o HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_counts_updated() RETURNS trigger AS $$
BEGIN
  PERFORM client_counts_add(array_agg(o.organization_id), array_agg(o.type), array_agg(o.status), -1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.organization_id, o.type, o.status) IS DISTINCT FROM (n.organization_id, n.type, n.status)
  HAVING count(*) > 0;
  PERFORM client_counts_add(array_agg(n.organization_id), array_agg(n.type), array_agg(n.status), 1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.organization_id, o.type, o.status) IS DISTINCT FROM (n.organization_id, n.type, n.status)
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER client_counts_on_insert AFTER INSERT ON clients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER client_counts_on_delete AFTER DELETE ON clients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION client_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER client_counts_on_update AFTER UPDATE ON clients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION client_counts_updated();
--> statement-breakpoint
INSERT INTO client_counts (organization_id, type, status, count)
SELECT organization_id, type, status, count(*)::int FROM clients GROUP BY organization_id, type, status;
