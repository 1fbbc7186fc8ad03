import type { ChannelView, MemberView } from "@chat/api";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Code spans and blocks, whose text stays as typed. */
const CODE = /(```[\s\S]*?```|`[^`\n]+`)/;

/**
 * The text as sent: each `@username` of a member becomes `<@id>` and each `#name` of a text
 * channel `<#id>` (the composer shows the readable names; longer names first, so `@ann_2`
 * is not read as `@ann`). `@everyone` and `@here` stay as they are; code is left alone.
 */
export function toMentionMarkup(text: string, members: MemberView[], channels: ChannelView[]): string {
  const users = [...members].sort((a, b) => b.user.username.length - a.user.username.length);
  const texts = channels.filter((c) => c.kind === "text" && c.name).sort((a, b) => b.name.length - a.name.length);
  if (users.length === 0 && texts.length === 0) return text;
  const byUsername = new Map(users.map((m) => [m.user.username.toLowerCase(), m.user.id]));
  const byChannel = new Map(texts.map((c) => [c.name.toLowerCase(), c.id]));
  const userPattern = users.length
    ? new RegExp(`(^|[^\\w<@])@(${users.map((m) => escapeRegExp(m.user.username)).join("|")})(?![\\w-]|\\.\\w)`, "gi")
    : null;
  const channelPattern = texts.length
    ? new RegExp(`(^|[^\\w<#&])#(${texts.map((c) => escapeRegExp(c.name)).join("|")})(?![\\w-])`, "gi")
    : null;
  return text
    .split(CODE)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      let out = part;
      if (userPattern)
        out = out.replace(
          userPattern,
          (_, lead: string, name: string) => `${lead}<@${byUsername.get(name.toLowerCase())}>`,
        );
      if (channelPattern)
        out = out.replace(
          channelPattern,
          (_, lead: string, name: string) => `${lead}<#${byChannel.get(name.toLowerCase())}>`,
        );
      return out;
    })
    .join("");
}
