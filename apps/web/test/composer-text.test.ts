import type { ChannelView, MemberView } from "@chat/api";
import { describe, expect, it } from "vitest";
import { type AutocompleteSource, activeToken } from "../src/components/chat/composer/autocomplete-source";
import { toMentionMarkup } from "../src/components/chat/composer/mention-markup";
import { overLimits } from "../src/components/chat/composer/upload-limits";

const member = (id: string, username: string): MemberView => ({
  user: { id, username, displayName: username, bot: false },
  nick: null,
  roles: [],
  joinedAt: "",
  status: "online",
});
const channel = (id: string, name: string): ChannelView => ({
  id,
  guildId: "1",
  name,
  kind: "text",
  topic: null,
  parentId: null,
  position: 0,
  type: 0,
});
const members = [member("11", "ann"), member("12", "ann_2"), member("13", "Bramble Bot")];
const channels = [channel("21", "news"), channel("22", "news-old")];

describe("mentions as sent", () => {
  it("writes known @usernames and #channels as markup, the longest name first", () => {
    expect(toMentionMarkup("hi @ann and @ann_2, see #news-old and #news.", members, channels)).toBe(
      "hi <@11> and <@12>, see <#22> and <#21>.",
    );
    expect(toMentionMarkup("@Bramble Bot help", members, channels)).toBe("<@13> help");
  });

  it("leaves unknown names, e-mail addresses, @everyone and code as typed", () => {
    expect(toMentionMarkup("mail ann@ann.test @annie @everyone #nothing", members, channels)).toBe(
      "mail ann@ann.test @annie @everyone #nothing",
    );
    expect(toMentionMarkup("`@ann` and\n```\n#news\n```\n@ann", members, channels)).toBe(
      "`@ann` and\n```\n#news\n```\n<@11>",
    );
  });
});

describe("the token an autocomplete answers", () => {
  const sources: AutocompleteSource[] = [
    { trigger: "@", label: "Members", suggest: () => [] },
    { trigger: ":", label: "Emoji", minQuery: 2, suggest: () => [] },
  ];
  it("is the trigger at a word start and what follows up to the caret", () => {
    expect(activeToken("hi @an", 6, sources)).toMatchObject({ query: "an", start: 3, end: 6 });
    expect(activeToken("@", 1, sources)).toMatchObject({ query: "", start: 0 });
    expect(activeToken("hi @an there", 12, sources)).toBeNull();
    expect(activeToken("mail a@b", 8, sources)).toBeNull();
    expect(activeToken("at 10:3", 7, sources)).toBeNull();
    expect(activeToken("so :s", 5, sources)).toBeNull();
    expect(activeToken("so :sm", 6, sources)).toMatchObject({ source: sources[1], query: "sm" });
  });
});

describe("file limits told before sending", () => {
  it("allows 10 files and 25 MB together, and says what to remove beyond", () => {
    expect(overLimits(Array.from({ length: 10 }, () => ({ size: 1024 })))).toBeNull();
    expect(overLimits(Array.from({ length: 12 }, () => ({ size: 1 })))).toBe(
      "A message can carry at most 10 files: remove 2.",
    );
    expect(overLimits([{ size: 25 * 1024 * 1024 }])).toBeNull();
    expect(overLimits([{ size: 20 * 1024 * 1024 }, { size: 6 * 1024 * 1024 }])).toContain(
      "Files can be at most 25 MB together: these are 26.0 MB.",
    );
  });
});
