-- The audit trail is append-only: the database itself refuses to change or remove its rows.
CREATE FUNCTION "refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% on % is not allowed: its rows are append-only', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
	FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- Revisions and addenda are never rewritten (clearing a conversation may still remove them).
CREATE TRIGGER "report_revisions_immutable" BEFORE UPDATE ON "report_revisions"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "report_addenda_immutable" BEFORE UPDATE ON "report_addenda"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- Messages written before authors' names were kept: the local user's name, else their login id.
UPDATE "messages" SET "author_name" = coalesce(nullif("users"."name", ''), "users"."login_id")
	FROM "users" WHERE "messages"."role" = 'user' AND "users"."id" = "messages"."user_id";
--> statement-breakpoint
UPDATE "reports" SET "finalized_by_name" = coalesce(nullif("users"."name", ''), "users"."login_id")
	FROM "users" WHERE "reports"."is_final" AND "users"."id" = "reports"."finalized_by";
