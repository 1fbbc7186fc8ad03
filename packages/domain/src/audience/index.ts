export { Audience } from "./audience";
export {
  type ChannelViewers,
  channelViewers,
  type GuildChannelViewing,
  viewersOfChannel,
  viewersOfChannels,
} from "./channel-viewers";
export { guildOfEvent, needsChannelView } from "./event-scope";
export type { Listener, ListenerIndex } from "./listeners";
export { ViewerCache } from "./viewer-cache";
