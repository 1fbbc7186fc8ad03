-- Where each person has read up to in each channel (the web app's unread markers and mention
-- badges). The position is a message id: every message with a greater id is unread.
CREATE TABLE "ReadState" (
    "userId" BIGINT NOT NULL,
    "channelId" BIGINT NOT NULL,
    "lastReadMessageId" BIGINT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReadState_pkey" PRIMARY KEY ("userId","channelId")
);

CREATE INDEX "ReadState_channelId_idx" ON "ReadState"("channelId");

ALTER TABLE "ReadState" ADD CONSTRAINT "ReadState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ReadState" ADD CONSTRAINT "ReadState_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A person joining a guild starts with every channel read up to its newest message; the people
-- already in guilds start the same way, from now: nothing written before read states is unread.
INSERT INTO "ReadState" ("userId", "channelId", "lastReadMessageId")
SELECT m."userId", c."id", c."lastMessageId"
FROM "Member" m
JOIN "User" u ON u."id" = m."userId" AND NOT u."bot"
JOIN "Channel" c ON c."guildId" = m."guildId" AND c."lastMessageId" IS NOT NULL;
