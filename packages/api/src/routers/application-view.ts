import { applicationIconUrl, type PublicUrls } from "@chat/domain";
import { type ApplicationView, userRowView } from "../views";

export function applicationView(
  app: {
    id: bigint;
    name: string;
    iconHash: string | null;
    createdAt: Date;
    botUser: { id: bigint; username: string; globalName: string | null; bot: boolean };
  },
  urls: PublicUrls,
): ApplicationView {
  return {
    id: app.id.toString(),
    name: app.name,
    iconUrl: applicationIconUrl(urls, app.id, app.iconHash),
    createdAt: app.createdAt.toISOString(),
    bot: userRowView(app.botUser),
  };
}
