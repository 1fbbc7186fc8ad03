-- Event covers added in the app (issue 16): stored encrypted in "Picture" (kind event-cover-app) and
-- never shown to bots, whose `image` stays the REST-made cover's hash.
ALTER TABLE "ScheduledEvent" ADD COLUMN "appCoverHash" TEXT;
