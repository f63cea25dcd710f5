-- Every refresh token belongs to the sign-in it descends from (its family), named by the id of
-- the chain's first token. Tokens issued before this migration get the first token of their
-- rotation chain, found by following replaced_by backwards, so a chain stays one family.
ALTER TABLE "refresh_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
WITH RECURSIVE "chain"("id", "family_id") AS (
	SELECT "r"."id", "r"."id" FROM "refresh_tokens" "r"
		WHERE NOT EXISTS (SELECT 1 FROM "refresh_tokens" "p" WHERE "p"."replaced_by" = "r"."id")
	UNION
	SELECT "t"."id", "c"."family_id" FROM "chain" "c"
		JOIN "refresh_tokens" "prev" ON "prev"."id" = "c"."id"
		JOIN "refresh_tokens" "t" ON "t"."id" = "prev"."replaced_by"
)
UPDATE "refresh_tokens" SET "family_id" = "chain"."family_id"
	FROM "chain" WHERE "refresh_tokens"."id" = "chain"."id";--> statement-breakpoint
-- A row no chain reached (there should be none) is a family of its own.
UPDATE "refresh_tokens" SET "family_id" = "id" WHERE "family_id" IS NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");
