-- A signed report is never deleted or rewritten, only appended to (CL-3, CL-6): the database
-- itself refuses, whatever a future code path, script or interface tries. A signed report's row
-- may still have its `updated_at` moved (an addendum or a communication makes a new version of the
-- report for conditional requests); its sections, its signature and its override may not change.
-- Its revisions, its addenda and every critical result communication are never deleted.
CREATE FUNCTION "refuse_signed_report_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	THEN
		RAISE EXCEPTION '% of a signed report is not allowed: it is only appended to', TG_OP
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_signed_kept" BEFORE UPDATE OR DELETE ON "reports"
	FOR EACH ROW WHEN (OLD."is_final") EXECUTE FUNCTION "refuse_signed_report_change"();
--> statement-breakpoint
CREATE FUNCTION "refuse_signed_revision_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM "reports" WHERE "order_id" = OLD."order_id" AND "is_final") THEN
		RAISE EXCEPTION 'DELETE of a signed report''s revision is not allowed'
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "report_revisions_signed_kept" BEFORE DELETE ON "report_revisions"
	FOR EACH ROW EXECUTE FUNCTION "refuse_signed_revision_delete"();
--> statement-breakpoint
CREATE TRIGGER "report_addenda_kept" BEFORE DELETE ON "report_addenda"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "critical_communications_kept" BEFORE DELETE ON "critical_communications"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
