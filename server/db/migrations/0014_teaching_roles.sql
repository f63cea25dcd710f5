-- A teaching hospital's reading room: an account's roles and whether it is active (RL-1, RL-3),
-- a trainee's preliminary read and its review on the report (RV-1..RV-6). The oldest account
-- becomes admin and radiologist, as the first account of a new server is.
-- Pending deferred trigger events would stop the ALTERs (see migration 0013).
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "preliminary_state" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "preliminary_by" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "preliminary_by_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "preliminary_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "preliminary_revision_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "returned_by" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "returned_by_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "return_comment" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "roles" jsonb DEFAULT '["radiologist"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "users" SET "roles" = '["admin","radiologist"]'::jsonb
	WHERE "id" = (SELECT "id" FROM "users" ORDER BY "created_at", "id" LIMIT 1);--> statement-breakpoint
-- A signed report's preliminary read is part of what was signed (CL-3): kept as it was.
CREATE OR REPLACE FUNCTION "refuse_signed_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR NOT NEW."is_final"
		OR NEW."order_id" IS DISTINCT FROM OLD."order_id"
		OR NEW."history" IS DISTINCT FROM OLD."history"
		OR NEW."technique" IS DISTINCT FROM OLD."technique"
		OR NEW."comparison" IS DISTINCT FROM OLD."comparison"
		OR NEW."findings" IS DISTINCT FROM OLD."findings"
		OR NEW."impression" IS DISTINCT FROM OLD."impression"
		OR NEW."finalized_at" IS DISTINCT FROM OLD."finalized_at"
		OR NEW."finalized_by" IS DISTINCT FROM OLD."finalized_by"
		OR NEW."finalized_by_name" IS DISTINCT FROM OLD."finalized_by_name"
		OR NEW."qa_override_reason" IS DISTINCT FROM OLD."qa_override_reason"
		OR NEW."qa_override_codes" IS DISTINCT FROM OLD."qa_override_codes"
		OR NEW."preliminary_state" IS DISTINCT FROM OLD."preliminary_state"
		OR NEW."preliminary_by" IS DISTINCT FROM OLD."preliminary_by"
		OR NEW."preliminary_by_name" IS DISTINCT FROM OLD."preliminary_by_name"
		OR NEW."preliminary_at" IS DISTINCT FROM OLD."preliminary_at"
		OR NEW."preliminary_revision_id" IS DISTINCT FROM OLD."preliminary_revision_id"
	THEN
		RAISE EXCEPTION '% of a signed report is not allowed: it is only appended to', TG_OP
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN NEW;
END;
$$;
