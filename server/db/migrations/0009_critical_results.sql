CREATE TABLE "critical_communications" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" text NOT NULL,
	"recipient" text NOT NULL,
	"role" text NOT NULL,
	"method" text NOT NULL,
	"communicated_at" timestamp with time zone NOT NULL,
	"read_back" boolean NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_by_name" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "critical_communications_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "report_revisions" ADD COLUMN "qa_override_reason" text;--> statement-breakpoint
ALTER TABLE "report_revisions" ADD COLUMN "qa_override_codes" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "qa_override_reason" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "qa_override_codes" jsonb;--> statement-breakpoint
ALTER TABLE "critical_communications" ADD CONSTRAINT "critical_communications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "critical_communications_order_idx" ON "critical_communications" USING btree ("order_id","seq");--> statement-breakpoint
-- A communication recorded is never rewritten (clearing a conversation may still remove it).
CREATE TRIGGER "critical_communications_immutable" BEFORE UPDATE ON "critical_communications"
	FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- A report answer carries its communications: recording one moves the worklist's version.
CREATE CONSTRAINT TRIGGER "critical_communications_list_version" AFTER INSERT OR UPDATE OR DELETE ON "critical_communications"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "bump_orders_version"();
