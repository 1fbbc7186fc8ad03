-- Interactions (issue 12): the callback deadline and the webhook lifetime are set and compared by
-- the database clock, so every node agrees; the session an interaction was delivered to makes
-- later clicks on its messages go to the same session. No row was ever written before this.
DELETE FROM "Interaction";

ALTER TABLE "Interaction"
    ADD COLUMN "originalEphemeral" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "sourceEphemeral" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "callbackType" INTEGER,
    ADD COLUMN "sessionId" TEXT,
    ADD COLUMN "tabId" TEXT,
    ADD COLUMN "deadlineAt" TIMESTAMPTZ(3) NOT NULL,
    ADD COLUMN "expiresAt" TIMESTAMPTZ(3) NOT NULL;

CREATE INDEX "Interaction_state_deadlineAt_idx" ON "Interaction"("state", "deadlineAt");
CREATE INDEX "Interaction_sourceMessageId_idx" ON "Interaction"("sourceMessageId");
CREATE INDEX "Interaction_originalMessageId_idx" ON "Interaction"("originalMessageId");
