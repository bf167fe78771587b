-- Employee counts per (organization, status, position), kept by statement-level triggers so the employees
-- list answers `count` without counting a million rows. A row counts when it has a profile AND its user's
-- role is ROLE_EMPLOYEE (users_partial_update may change a role and keeps the profile).
CREATE OR REPLACE FUNCTION employee_counts_add(rows_org integer[], rows_status text[], rows_position text[], delta integer) RETURNS void AS $$
BEGIN
  INSERT INTO employee_counts AS c (organization_id, status, position, count)
  SELECT o, s, p, delta * count(*)::int
  FROM unnest(rows_org, rows_status, rows_position) AS r(o, s, p)
  GROUP BY o, s, p
  ON CONFLICT (organization_id, status, position) DO UPDATE SET count = c.count + EXCLUDED.count;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_counts_profiles_inserted() RETURNS trigger AS $$
BEGIN
  PERFORM employee_counts_add(array_agg(n.organization_id), array_agg(n.status), array_agg(coalesce(n.position, '')), 1)
  FROM new_rows n JOIN users u ON u.id = n.user_id AND u.role = 'ROLE_EMPLOYEE'
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_counts_profiles_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM employee_counts_add(array_agg(o.organization_id), array_agg(o.status), array_agg(coalesce(o.position, '')), -1)
  FROM old_rows o JOIN users u ON u.id = o.user_id AND u.role = 'ROLE_EMPLOYEE'
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_counts_profiles_updated() RETURNS trigger AS $$
BEGIN
  PERFORM employee_counts_add(array_agg(o.organization_id), array_agg(o.status), array_agg(coalesce(o.position, '')), -1)
  FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id JOIN users u ON u.id = o.user_id AND u.role = 'ROLE_EMPLOYEE'
  WHERE (o.organization_id, o.status, coalesce(o.position, '')) IS DISTINCT FROM (n.organization_id, n.status, coalesce(n.position, ''))
  HAVING count(*) > 0;
  PERFORM employee_counts_add(array_agg(n.organization_id), array_agg(n.status), array_agg(coalesce(n.position, '')), 1)
  FROM old_rows o JOIN new_rows n ON n.user_id = o.user_id JOIN users u ON u.id = n.user_id AND u.role = 'ROLE_EMPLOYEE'
  WHERE (o.organization_id, o.status, coalesce(o.position, '')) IS DISTINCT FROM (n.organization_id, n.status, coalesce(n.position, ''))
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION employee_counts_users_updated() RETURNS trigger AS $$
BEGIN
  PERFORM employee_counts_add(array_agg(p.organization_id), array_agg(p.status), array_agg(coalesce(p.position, '')),
    1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN employee_profiles p ON p.user_id = n.id
  WHERE o.role <> 'ROLE_EMPLOYEE' AND n.role = 'ROLE_EMPLOYEE'
  HAVING count(*) > 0;
  PERFORM employee_counts_add(array_agg(p.organization_id), array_agg(p.status), array_agg(coalesce(p.position, '')),
    -1)
  FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN employee_profiles p ON p.user_id = n.id
  WHERE o.role = 'ROLE_EMPLOYEE' AND n.role <> 'ROLE_EMPLOYEE'
  HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER employee_counts_on_profile_insert AFTER INSERT ON employee_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_profiles_inserted();
--> statement-breakpoint
CREATE TRIGGER employee_counts_on_profile_delete AFTER DELETE ON employee_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_profiles_deleted();
--> statement-breakpoint
CREATE TRIGGER employee_counts_on_profile_update AFTER UPDATE ON employee_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_profiles_updated();
--> statement-breakpoint
CREATE TRIGGER employee_counts_on_user_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION employee_counts_users_updated();
--> statement-breakpoint
INSERT INTO employee_counts (organization_id, status, position, count)
SELECT p.organization_id, p.status, coalesce(p.position, ''), count(*)::int
FROM employee_profiles p JOIN users u ON u.id = p.user_id AND u.role = 'ROLE_EMPLOYEE'
GROUP BY 1, 2, 3
ON CONFLICT (organization_id, status, position) DO UPDATE SET count = EXCLUDED.count;
--> statement-breakpoint
-- Employee search is by prefix of first name, last name or email (case-insensitive): index range scans,
-- not a sequential scan of every user.
CREATE INDEX users_organization_last_name_prefix_idx ON users (organization_id, lower(last_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_organization_first_name_prefix_idx ON users (organization_id, lower(first_name) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX users_organization_email_prefix_idx ON users (organization_id, lower(email) text_pattern_ops);
