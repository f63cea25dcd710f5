-- Go-live interfaces: a patient not yet identified has no birth date (PID-7 is optional); the
-- MRN keeps its assigning authority (PID-3 CX-4); an order keeps the placer and filler order
-- numbers and the procedure code the RIS sent, so the result echoes them; a queued result keeps
-- its destination, so another instance's HL7_SEND_TO never diverts it.
-- Migrations run in one transaction: an older database's rows changed by an earlier migration
-- leave deferred trigger events (the list version's, migration 0005) pending on "orders", and
-- PostgreSQL alters no table with events pending. They run now, then the tables are altered.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "date_of_birth" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hl7_outbox" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placer_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "filler_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "procedure_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "procedure_coding_system" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "mrn_authority" text DEFAULT '' NOT NULL;