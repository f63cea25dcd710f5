CREATE TABLE "audit_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"order_id" text,
	"address" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_addenda" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" text NOT NULL,
	"text" text NOT NULL,
	"author_user_id" text NOT NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_addenda_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "report_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" text NOT NULL,
	"history" text NOT NULL,
	"technique" text NOT NULL,
	"comparison" text NOT NULL,
	"findings" text NOT NULL,
	"impression" text NOT NULL,
	"author_kind" text NOT NULL,
	"author_user_id" text,
	"author_name" text,
	"cause" text NOT NULL,
	"sections_changed" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_revisions_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "finalized_by_name" text;--> statement-breakpoint
ALTER TABLE "report_addenda" ADD CONSTRAINT "report_addenda_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_revisions" ADD CONSTRAINT "report_revisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_order_idx" ON "audit_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_user_idx" ON "audit_events" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_addenda_order_idx" ON "report_addenda" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "report_revisions_order_idx" ON "report_revisions" USING btree ("order_id","seq");