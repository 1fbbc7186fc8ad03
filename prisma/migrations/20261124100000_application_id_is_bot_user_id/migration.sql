-- Pictures name their kind: once an application's id is its bot user's id, the
-- application's icon and the bot's profile picture have the same owner id.
ALTER TABLE "Picture" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'avatar';
UPDATE "Picture" p SET "kind" = 'app-icon' WHERE EXISTS (SELECT 1 FROM "Application" a WHERE a."id" = p."ownerId");
UPDATE "Picture" p SET "kind" = 'guild-icon' WHERE EXISTS (SELECT 1 FROM "Guild" g WHERE g."id" = p."ownerId");
UPDATE "Picture" p SET "kind" = 'event-cover' WHERE EXISTS (SELECT 1 FROM "ScheduledEvent" e WHERE e."id" = p."ownerId");
ALTER TABLE "Picture" ALTER COLUMN "kind" DROP DEFAULT;
ALTER TABLE "Picture" DROP CONSTRAINT "Picture_pkey";
ALTER TABLE "Picture" ADD CONSTRAINT "Picture_pkey" PRIMARY KEY ("ownerId", "kind", "hash");

-- An application's id is its bot user's id, as on the reference platform (discordeno reads
-- the application id from the bot token). Applications made before take their bot's id and
-- keep the old one as "legacyId", still accepted wherever an application id is given.
-- Every id comes from one sequence, so no other application already has the bot's id.
ALTER TABLE "Application" ADD COLUMN "legacyId" BIGINT;
ALTER TABLE "Application" ALTER COLUMN "id" DROP DEFAULT;
UPDATE "Picture" p SET "ownerId" = a."botUserId" FROM "Application" a WHERE p."kind" = 'app-icon' AND p."ownerId" = a."id";
UPDATE "Message" m SET "applicationId" = a."botUserId" FROM "Application" a WHERE m."applicationId" = a."id" AND a."id" <> a."botUserId";
UPDATE "Application" SET "legacyId" = "id", "id" = "botUserId" WHERE "id" <> "botUserId";
CREATE UNIQUE INDEX "Application_legacyId_key" ON "Application"("legacyId");
