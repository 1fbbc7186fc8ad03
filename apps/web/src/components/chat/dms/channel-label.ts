/** `#general`, or `@Ben` for a DM (whose name is given with its `@`). */
export function channelLabel(channelName: string): string {
  return channelName.startsWith("@") ? channelName : `#${channelName}`;
}
