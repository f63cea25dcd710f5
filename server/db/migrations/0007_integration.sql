CREATE TABLE "hl7_inbound" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sender" text NOT NULL,
	"control_id" text NOT NULL,
	"message_type" text NOT NULL,
	"accession_number" text,
	"ack_code" text NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hl7_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"control_id" text NOT NULL,
	"message" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"acked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hl7_outbox_control_id_unique" UNIQUE("control_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "study_instance_uid" text;--> statement-breakpoint
ALTER TABLE "hl7_outbox" ADD CONSTRAINT "hl7_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hl7_inbound_sender_control_idx" ON "hl7_inbound" USING btree ("sender","control_id");--> statement-breakpoint
CREATE INDEX "hl7_inbound_accession_idx" ON "hl7_inbound" USING btree ("accession_number");--> statement-breakpoint
CREATE INDEX "hl7_outbox_pending_idx" ON "hl7_outbox" USING btree ("next_attempt_at","id") WHERE "acked_at" is null;--> statement-breakpoint
CREATE INDEX "hl7_outbox_order_idx" ON "hl7_outbox" USING btree ("order_id","id");--> statement-breakpoint
-- An order whose images the archive names (its Study Instance UID set or changed) is news to
-- every worklist, as a change of any other field the worklist shows.
CREATE OR REPLACE FUNCTION "order_event_of_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
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
			NEW."accession_number", NEW."indication", NEW."ordered_at", NEW."study_instance_uid")
		IS DISTINCT FROM (OLD."patient_id", OLD."modality", OLD."body_part", OLD."study_description",
			OLD."priority", OLD."accession_number", OLD."indication", OLD."ordered_at", OLD."study_instance_uid") THEN
		"kind" := 'order.updated';
	ELSE
		RETURN NULL;
	END IF;
	INSERT INTO "order_events" ("tx", "order_id", "type") VALUES (txid_current(), NEW."id", "kind");
	RETURN NULL;
END;
$$;
