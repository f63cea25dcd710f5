CREATE TABLE "order_claims" (
	"order_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"version" bigint,
	"tx" bigint NOT NULL,
	"order_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_claims" ADD CONSTRAINT "order_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_claims_user_idx" ON "order_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_claims_expiry_idx" ON "order_claims" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "order_events_version_idx" ON "order_events" USING btree ("version","seq");--> statement-breakpoint
CREATE INDEX "order_events_unstamped_idx" ON "order_events" USING btree ("tx") WHERE "version" is null;--> statement-breakpoint
INSERT INTO "list_versions" ("name", "version") VALUES ('events_pruned', 0);
--> statement-breakpoint
-- What happened to an order, recorded by the tables it is made of (every write path, interfaces
-- included, records it by writing). Renewing a claim, or the order's copy of its report's signing
-- time, is no news.
CREATE FUNCTION "order_event_of_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"kind" text;
BEGIN
	IF TG_OP = 'INSERT' THEN
		"kind" := 'order.created';
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), OLD."id", 'order.deleted');
		RETURN NULL;
	ELSIF NEW."status" IS DISTINCT FROM OLD."status" THEN
		"kind" := 'order.status';
	ELSIF (NEW."patient_id", NEW."modality", NEW."body_part", NEW."study_description", NEW."priority",
			NEW."accession_number", NEW."indication", NEW."ordered_at")
		IS DISTINCT FROM (OLD."patient_id", OLD."modality", OLD."body_part", OLD."study_description",
			OLD."priority", OLD."accession_number", OLD."indication", OLD."ordered_at") THEN
		"kind" := 'order.updated';
	ELSE
		RETURN NULL;
	END IF;
	INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."id", "kind");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "order_event_of_reports"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), OLD."order_id", 'report.deleted');
	ELSIF NEW."is_final" AND (TG_OP = 'INSERT' OR NOT OLD."is_final") THEN
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."order_id", 'report.finalized');
	ELSE
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."order_id", 'report.saved');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "order_event_of_addenda"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."order_id", 'report.addendum');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "order_event_of_claims"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), OLD."order_id", 'order.released');
	ELSIF TG_OP = 'INSERT' OR NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN
		INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."order_id", 'order.claimed');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A conversation's messages are deleted together (clearing it): one event per order, not per message.
CREATE FUNCTION "order_event_of_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_events" ("tx", "order_id", "type")
		SELECT DISTINCT txid_current(), "order_id", 'conversation.cleared' FROM "gone";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_event" AFTER INSERT OR UPDATE OR DELETE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "order_event_of_orders"();
--> statement-breakpoint
CREATE TRIGGER "reports_event" AFTER INSERT OR UPDATE OR DELETE ON "reports"
	FOR EACH ROW EXECUTE FUNCTION "order_event_of_reports"();
--> statement-breakpoint
CREATE TRIGGER "report_addenda_event" AFTER INSERT ON "report_addenda"
	FOR EACH ROW EXECUTE FUNCTION "order_event_of_addenda"();
--> statement-breakpoint
CREATE TRIGGER "order_claims_event" AFTER INSERT OR UPDATE OR DELETE ON "order_claims"
	FOR EACH ROW EXECUTE FUNCTION "order_event_of_claims"();
--> statement-breakpoint
CREATE TRIGGER "messages_event" AFTER DELETE ON "messages"
	REFERENCING OLD TABLE AS "gone" FOR EACH STATEMENT EXECUTE FUNCTION "order_event_of_messages"();
--> statement-breakpoint
-- The worklist's version now also stamps the transaction's events and wakes every server's live
-- stream (NOTIFY is delivered at commit). The stamp is taken under the version row's lock, held
-- until the commit ends, so versions follow commit order: a reader that sees version V sees every
-- event stamped V or lower.
CREATE OR REPLACE FUNCTION "bump_orders_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"this_tx" bigint := txid_current();
	"next_version" bigint;
BEGIN
	IF current_setting('readout.orders_version_bumped', true) IS DISTINCT FROM "this_tx"::text THEN
		PERFORM set_config('readout.orders_version_bumped', "this_tx"::text, true);
		UPDATE "list_versions" SET "version" = "version" + 1 WHERE "name" = 'orders'
			RETURNING "version" INTO "next_version";
		UPDATE "order_events" SET "version" = "next_version"
			WHERE "tx" = "this_tx" AND "version" IS NULL;
		IF FOUND THEN
			PERFORM pg_notify('readout_events', "next_version"::text);
		END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every event stamps its transaction and moves the worklist's version, even where nothing else in
-- it did: a claim taken or released (who reads what is on the worklist), a conversation cleared.
-- Renewing a claim records no event, so it moves nothing.
CREATE CONSTRAINT TRIGGER "order_events_list_version" AFTER INSERT ON "order_events"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
