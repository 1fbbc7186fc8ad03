import { applyVoiceState, type VoiceStateView, voiceStateView } from "@chat/api/views";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, voiceSources } from "../src/lib/content-security-policy";

function wire(userId: string, channelId: string | null, extra: Partial<{ self_mute: boolean; name: string }> = {}) {
  return {
    guild_id: "10",
    channel_id: channelId,
    user_id: userId,
    ...(extra.name ? { member: { user: { id: userId, username: extra.name, global_name: null, bot: false } } } : {}),
    session_id: "s",
    self_mute: extra.self_mute ?? false,
    self_deaf: false,
    mute: false,
    deaf: false,
    listening: true,
  };
}

describe("a guild's voice states after VOICE_STATE_UPDATE", () => {
  const alice = voiceStateView(wire("1", "100", { name: "alice" }));
  const bob = voiceStateView(wire("2", "100", { name: "bob" }));

  it("adds someone who joined, with their name from the event", () => {
    const list = applyVoiceState([], alice);
    expect(list).toEqual([
      {
        guildId: "10",
        channelId: "100",
        userId: "1",
        user: { id: "1", username: "alice", displayName: "alice", bot: false },
        selfMute: false,
        selfDeaf: false,
        mute: false,
        deaf: false,
        listening: true,
      },
    ]);
  });

  it("keeps the place and the known name of someone who only muted", () => {
    const list = applyVoiceState([alice, bob], voiceStateView(wire("1", "100", { self_mute: true })));
    expect(list.map((s) => [s.userId, s.selfMute, s.user?.username])).toEqual([
      ["1", true, "alice"],
      ["2", false, "bob"],
    ]);
  });

  it("moves someone to the other channel (one voice channel per guild)", () => {
    const list = applyVoiceState([alice, bob], voiceStateView(wire("1", "200")));
    expect(list.map((s) => [s.userId, s.channelId])).toEqual([
      ["2", "100"],
      ["1", "200"],
    ]);
  });

  it("removes someone who left (channel_id null)", () => {
    expect(applyVoiceState([alice, bob], voiceStateView(wire("1", null)))).toEqual([bob]);
  });

  it("ignores a leave of someone not listed", () => {
    const list: VoiceStateView[] = [bob];
    expect(applyVoiceState(list, voiceStateView(wire("1", null)))).toEqual([bob]);
  });
});

describe("the page policy with voice", () => {
  it("lets the browser reach the media server over WebSocket and HTTP", () => {
    expect(voiceSources("ws://localhost:7880")).toEqual(["ws://localhost:7880", "http://localhost:7880"]);
    expect(voiceSources("https://voice.example.com")).toEqual(["wss://voice.example.com", "https://voice.example.com"]);
    const policy = contentSecurityPolicy({
      nonce: "n",
      cdnOrigin: "http://localhost:8080",
      https: false,
      development: false,
      voiceUrl: "ws://localhost:7880",
    });
    expect(policy).toContain("connect-src 'self' ws://localhost:7880 http://localhost:7880;");
    expect(policy).toContain("mediastream:");
  });

  it("allows no media server without voice", () => {
    const policy = contentSecurityPolicy({
      nonce: "n",
      cdnOrigin: "http://localhost:8080",
      https: false,
      development: false,
    });
    expect(policy).toContain("connect-src 'self';");
  });
});
