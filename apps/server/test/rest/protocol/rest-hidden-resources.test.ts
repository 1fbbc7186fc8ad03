import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures, type World } from "../../support/rest-fixtures";

/** Spec rule 9: what the bot may not see answers exactly like what does not exist. */
async function expectUnknown(res: Response, code: number) {
  expect(res.status).toBe(404);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ message: expect.any(String), code });
}

const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_GUILD = 10004;
const UNKNOWN_MESSAGE = 10008;
const UNKNOWN_USER = 10013;
const NOT_THERE = "9000000000";

describe("hidden and nonexistent resources answer 404 with their Unknown code", () => {
  const env = useTestServer();
  let hidden: { id: bigint };
  let foreign: World;
  let messageInGeneral: { id: string };

  beforeAll(async () => {
    const f = fixtures(env.t);
    hidden = await f.channel(env.world.guild.id, { name: "staff-only" });
    await f.hideFromEveryone(hidden.id, env.world.guild.id);
    await f.personMessage(hidden.id, env.world.owner.id, "secret");
    // Another world whose guild the first bot is not in.
    foreign = await env.t.seed.world();
    messageInGeneral = await f.personMessage(env.world.text.id, env.world.owner.id, "hello");
  });

  it("hides a channel the bot cannot view because of an @everyone overwrite denying View Channel", async () => {
    await expectUnknown(await env.bot.get(`/channels/${hidden.id}`), UNKNOWN_CHANNEL);
    await expectUnknown(await env.bot.get(`/channels/${hidden.id}/messages`), UNKNOWN_CHANNEL);
    await expectUnknown(await env.bot.post(`/channels/${hidden.id}/messages`, { content: "hi" }), UNKNOWN_CHANNEL);
    const list = await (await env.bot.get(`/guilds/${env.world.guild.id}/channels`)).json();
    expect(list.map((c: { id: string }) => c.id)).not.toContain(hidden.id.toString());
  });

  it("hides a message of a hidden channel as the channel itself", async () => {
    const [secret] = await env.t.server.ctx.database.prisma.message.findMany({ where: { channelId: hidden.id } });
    await expectUnknown(await env.bot.get(`/channels/${hidden.id}/messages/${secret?.id}`), UNKNOWN_CHANNEL);
  });

  it("shows the channel again when an overwrite for the bot's role allows View Channel", async () => {
    const f = fixtures(env.t);
    const room = await f.channel(env.world.guild.id, { name: "bots-allowed" });
    await f.hideFromEveryone(room.id, env.world.guild.id);
    const botRole = await env.t.server.ctx.database.prisma.role.findFirstOrThrow({
      where: { guildId: env.world.guild.id, botApplicationId: env.world.app.application.id },
    });
    await f.overwrite(room.id, botRole.id, { allow: Permission.ViewChannel });
    expect((await env.bot.get(`/channels/${room.id}`)).status).toBe(200);
  });

  it("answers Unknown Channel for a nonexistent, malformed or foreign channel", async () => {
    await expectUnknown(await env.bot.get(`/channels/${NOT_THERE}`), UNKNOWN_CHANNEL);
    await expectUnknown(await env.bot.get("/channels/not-an-id"), UNKNOWN_CHANNEL);
    await expectUnknown(await env.bot.get(`/channels/${foreign.text.id}`), UNKNOWN_CHANNEL);
    await expectUnknown(await env.bot.get(`/channels/${foreign.text.id}/messages`), UNKNOWN_CHANNEL);
  });

  it("answers Unknown Guild for a guild the bot is not in, and for one that does not exist", async () => {
    for (const id of [foreign.guild.id.toString(), NOT_THERE]) {
      await expectUnknown(await env.bot.get(`/guilds/${id}`), UNKNOWN_GUILD);
      await expectUnknown(await env.bot.get(`/guilds/${id}/channels`), UNKNOWN_GUILD);
    }
  });

  it("answers Unknown Message for a nonexistent message and for one of another channel", async () => {
    await expectUnknown(await env.bot.get(`/channels/${env.world.text.id}/messages/${NOT_THERE}`), UNKNOWN_MESSAGE);
    const other = await fixtures(env.t).channel(env.world.guild.id, { name: "other" });
    await expectUnknown(await env.bot.get(`/channels/${other.id}/messages/${messageInGeneral.id}`), UNKNOWN_MESSAGE);
  });

  it("answers Unknown User for someone sharing no guild with the bot, and for nobody", async () => {
    await expectUnknown(await env.bot.get(`/users/${foreign.owner.id}`), UNKNOWN_USER);
    await expectUnknown(await env.bot.get(`/users/${NOT_THERE}`), UNKNOWN_USER);
    const shared = await env.bot.get(`/users/${env.world.owner.id}`);
    expect(shared.status).toBe(200);
    expect(await shared.json()).toMatchObject({
      id: env.world.owner.id.toString(),
      username: env.world.owner.username,
    });
  });

  it("answers Missing Permissions (50013, HTTP 403) when the channel is visible but sending is not allowed", async () => {
    const f = fixtures(env.t);
    const readOnly = await f.channel(env.world.guild.id, { name: "announcements" });
    await f.overwrite(readOnly.id, env.world.guild.id, { deny: Permission.SendMessages });
    const res = await env.bot.post(`/channels/${readOnly.id}/messages`, { content: "may I?" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Missing Permissions", code: 50013 });
    // Whatever the body: permission comes before validation.
    expect((await env.bot.post(`/channels/${readOnly.id}/messages`, {})).status).toBe(403);
    expect((await env.bot.get(`/channels/${readOnly.id}/messages`)).status).toBe(200);
  });
});
