-- Server-side state of the web app's sign-ins: the session cookie (a JWT) names one row, and
-- the cookie is accepted only while that row is live (not ended, not expired).
CREATE TABLE "WebSession" (
    "id" TEXT NOT NULL,
    "userId" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "WebSession_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "WebSession_userId_idx" ON "WebSession"("userId");
CREATE INDEX "WebSession_expiresAt_idx" ON "WebSession"("expiresAt");

ALTER TABLE "WebSession" ADD CONSTRAINT "WebSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
