-- Closing the loop: follow-up recommendations tracked from the signed report that made them
-- (FU-*), and RADPEER scores of colleagues' signed reports (PEER-*).
CREATE TABLE "follow_ups" (
	"id" text PRIMARY KEY NOT NULL,
	"patient_id" text NOT NULL,
	"source_order_id" text NOT NULL,
	"modality" text NOT NULL,
	"body_part" text NOT NULL,
	"due_from" date NOT NULL,
	"due_to" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolved_by_name" text,
	"resolution_reason" text,
	"resolved_order_id" text
);
--> statement-breakpoint
CREATE TABLE "peer_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"asked_on_order_id" text,
	"reviewer_id" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"score" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_source_order_id_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_reviews" ADD CONSTRAINT "peer_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_patient_idx" ON "follow_ups" USING btree ("patient_id","status");--> statement-breakpoint
CREATE INDEX "follow_ups_status_due_idx" ON "follow_ups" USING btree ("status","due_to");--> statement-breakpoint
CREATE INDEX "follow_ups_source_idx" ON "follow_ups" USING btree ("source_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_reviews_reviewer_order_idx" ON "peer_reviews" USING btree ("reviewer_id","order_id");--> statement-breakpoint
CREATE INDEX "peer_reviews_author_idx" ON "peer_reviews" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "peer_reviews_created_idx" ON "peer_reviews" USING btree ("created_at","id");--> statement-breakpoint
-- A score, once given, is never rewritten (PEER-*): the rates are read from what was recorded.
CREATE TRIGGER "peer_reviews_immutable" BEFORE UPDATE ON "peer_reviews"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
