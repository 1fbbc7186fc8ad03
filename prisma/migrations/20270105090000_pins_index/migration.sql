-- Pins by (pinned, channel, pin time) instead of (channel, pinned) (issue 39): an index that starts
-- with the channel competed with (channel, id) for the history pages, and with stale statistics
-- the planner read a whole channel through it and sorted; this one serves the pins list in order.
DROP INDEX "Message_channelId_pinned_idx";
CREATE INDEX "Message_pinned_channelId_pinnedAt_idx" ON "Message"("pinned", "channelId", "pinnedAt");
