-- Uploads (issue 12): files people upload to use them in an attachment command option.
CREATE TABLE "Upload" (
    "id" BIGINT NOT NULL DEFAULT nextval('global_id_seq'),
    "uploaderId" BIGINT NOT NULL,
    "channelId" BIGINT NOT NULL,
    "filename" TEXT NOT NULL,
    "contentType" TEXT,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "usedAt" TIMESTAMPTZ(3),
    "applicationId" BIGINT,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "Upload_createdAt_idx" ON "Upload"("createdAt");
CREATE INDEX "Upload_usedAt_idx" ON "Upload"("usedAt");
