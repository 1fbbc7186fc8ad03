import { requireChatSession } from "@/server/auth";

/** The selection lives in the URL; the layout's shell reads it. Signed out: log in, then come back here (requireChatSession: not while the database is down). */
export default async function ChannelPage({ params }: { params: Promise<{ ids?: string[] }> }) {
  const { ids = [] } = await params;
  await requireChatSession(
    [
      "/channels",
      ...ids.map((id) => (id === "%40me" ? "@me" : id)).filter((id) => id === "@me" || /^[0-9]{1,19}$/.test(id)),
    ].join("/"),
  );
  return null;
}
