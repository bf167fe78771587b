ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'printed' NOT NULL;
--> statement-breakpoint
-- Mails kept before this migration held live sign-up and reset links: keep them without their tokens.
UPDATE "outbox" SET "text" = regexp_replace("text", '/(sign-up|reset-password)/([^/[:space:]]+)/[^/[:space:]]+', '/\1/\2/[redacted]', 'g');
