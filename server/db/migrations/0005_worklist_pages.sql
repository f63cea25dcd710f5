CREATE TABLE "list_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "priority_rank" smallint GENERATED ALWAYS AS (case "priority" when 'stat' then 0 when 'urgent' then 1 else 2 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unsigned_page_idx" ON "orders" USING btree ("priority_rank","ordered_at","seq") WHERE "finalized_at" is null;--> statement-breakpoint
CREATE INDEX "orders_signed_idx" ON "orders" USING btree ("finalized_at") WHERE "finalized_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_page_idx" ON "orders" USING btree ("priority_rank","ordered_at","seq");--> statement-breakpoint
-- Orders signed before this migration carry their signing time too.
UPDATE "orders" SET "finalized_at" = "reports"."finalized_at"
	FROM "reports" WHERE "reports"."order_id" = "orders"."id" AND "reports"."is_final";
--> statement-breakpoint
-- The order keeps its report's signing time, whoever writes the report (a save, a finalize, a
-- conversation cleared, an interface).
CREATE FUNCTION "copy_report_signing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "orders" SET "finalized_at" = NULL WHERE "id" = OLD."order_id" AND "finalized_at" IS NOT NULL;
		RETURN NULL;
	END IF;
	UPDATE "orders" SET "finalized_at" = CASE WHEN NEW."is_final" THEN NEW."finalized_at" END
		WHERE "id" = NEW."order_id"
		AND "finalized_at" IS DISTINCT FROM CASE WHEN NEW."is_final" THEN NEW."finalized_at" END;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_signing_to_orders" AFTER INSERT OR UPDATE OR DELETE ON "reports"
	FOR EACH ROW EXECUTE FUNCTION "copy_report_signing"();
--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('orders', 1);
--> statement-breakpoint
-- The worklist's version moves once per transaction that changed an order, its patient, its
-- report or an addendum, at its commit (a deferred trigger): the update is the transaction's last
-- lock, held only while it commits, and whoever reads the version and the list in one statement
-- sees both from before or both from after.
CREATE FUNCTION "bump_orders_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"tx" text := txid_current()::text;
BEGIN
	IF current_setting('readout.orders_version_bumped', true) IS DISTINCT FROM "tx" THEN
		PERFORM set_config('readout.orders_version_bumped', "tx", true);
		UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = 'orders';
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_list_version" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "patients_list_version" AFTER INSERT OR UPDATE OR DELETE ON "patients"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "reports_list_version" AFTER INSERT OR UPDATE OR DELETE ON "reports"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "report_addenda_list_version" AFTER INSERT OR UPDATE OR DELETE ON "report_addenda"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
