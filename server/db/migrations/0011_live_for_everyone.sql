-- A chat message is news for whoever has the study open (EV-9): a colleague's message and the
-- assistant's reply reach every open chat of the study without a reload. One event per order and
-- statement, the statement-level sibling of 0010's function (an exchange writes its question and
-- its reply in one statement, which is one piece of news). The event names no message: the
-- stream carries no clinical text, the chat reads its messages itself.
CREATE FUNCTION "order_event_of_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_events" ("tx", "order_id", "type")
		SELECT DISTINCT txid_current(), "order_id", TG_ARGV[0] FROM "added";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_added_event" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT
	EXECUTE FUNCTION "order_event_of_new_rows"('conversation.message');
--> statement-breakpoint
-- A signed study has been read (EV-11): its order leaves in_progress, and so Active Studies, for
-- 'final', whoever signs it (the product or an interface). A cancelled order stays cancelled.
-- Clearing the conversation gives the order its original status back, as before.
CREATE OR REPLACE FUNCTION "copy_report_signing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		UPDATE "orders" SET "finalized_at" = NULL WHERE "id" = OLD."order_id" AND "finalized_at" IS NOT NULL;
		RETURN NULL;
	END IF;
	UPDATE "orders" SET "finalized_at" = CASE WHEN NEW."is_final" THEN NEW."finalized_at" END
		WHERE "id" = NEW."order_id"
		AND "finalized_at" IS DISTINCT FROM CASE WHEN NEW."is_final" THEN NEW."finalized_at" END;
	IF NEW."is_final" AND (TG_OP = 'INSERT' OR NOT OLD."is_final") THEN
		UPDATE "orders" SET "status" = 'final'
			WHERE "id" = NEW."order_id" AND "status" NOT IN ('final', 'cancelled');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Orders signed before this migration are final too.
UPDATE "orders" SET "status" = 'final'
	WHERE "finalized_at" IS NOT NULL AND "status" = 'in_progress';
--> statement-breakpoint
-- A first chat message on a signed study (one signed without a conversation) does not put it back
-- in progress: whoever writes the status, a signed order is not waiting to be read.
CREATE FUNCTION "signed_order_stays_read"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."status" := OLD."status";
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_signed_stays_read" BEFORE UPDATE OF "status" ON "orders"
	FOR EACH ROW WHEN (NEW."status" = 'in_progress' AND NEW."finalized_at" IS NOT NULL
		AND OLD."status" IS DISTINCT FROM NEW."status")
	EXECUTE FUNCTION "signed_order_stays_read"();
