-- Which worker took a job last, so an operator of several instances sees where it ran. Expand-only: the previous release ignores it.
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;