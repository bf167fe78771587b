-- Issue 12, item 1: the office's "please countersign" notifications sent before the office's view of a form existed
-- linked to the employee's own page (/onboarding/form-request/:id), which an admin cannot open. Point them at the
-- office's view (/employees/:employeeId/onboarding/form-request/:id). The employee's own notifications keep their link.
UPDATE "notifications" AS n
SET "link" = '/employees/' || fr."employee_id" || '/onboarding/form-request/' || fr."id"
FROM "form_requests" AS fr
WHERE n."link" = '/onboarding/form-request/' || fr."id"
  AND n."organization_id" = fr."organization_id"
  AND n."user_id" <> fr."employee_id";
