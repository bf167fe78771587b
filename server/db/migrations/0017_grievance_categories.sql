-- Grievance categories are product.md's (42 CFR 484.50(e)): "Property damage or loss" is no longer offered.
-- Its grievances move to Other; the trail keeps what they were filed under (an internal note, so the
-- complainant's view does not change).
INSERT INTO "grievance_events" ("organization_id", "grievance_id", "kind", "note", "internal", "by_id", "at")
  SELECT g."organization_id", g."id", 'NOTE', 'Filed under "Property damage or loss", a category no longer offered; moved to Other.', true, NULL, now()
  FROM "grievances" g WHERE g."category" = 'PROPERTY';--> statement-breakpoint
UPDATE "grievances" SET "category" = 'OTHER' WHERE "category" = 'PROPERTY';--> statement-breakpoint
-- Grievances filed before the trail existed: their filing opens it, dated when they were filed.
INSERT INTO "grievance_events" ("organization_id", "grievance_id", "kind", "to_state", "note", "internal", "by_id", "at")
  SELECT g."organization_id", g."id", 'FILED', 'RECEIVED', '', false, g."filed_by_id", g."created_at"
  FROM "grievances" g WHERE NOT EXISTS (SELECT 1 FROM "grievance_events" e WHERE e."grievance_id" = g."id" AND e."kind" = 'FILED');
