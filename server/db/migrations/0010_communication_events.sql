-- A critical result communication recorded is news for the study's live stream (CR-21): a
-- colleague reading the signed report, or about to sign it, sees it without a reload. After the
-- signature the report's own write already says 'report.saved'; before it nothing else would.
-- One function for any table whose new rows are one event of their order, named by the trigger.
CREATE FUNCTION "order_event_of_new_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."order_id", TG_ARGV[0]);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "critical_communications_event" AFTER INSERT ON "critical_communications"
	FOR EACH ROW EXECUTE FUNCTION "order_event_of_new_row"('report.communication');
