-- The language a member chose in personal details; null follows their browser.
ALTER TABLE "user_data" ADD COLUMN "language" text;