import { createHash } from "node:crypto";
import { Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { RawGatewayClient } from "../../support/gateway-client";
import { useTestServer } from "../../support/harness";

const PNG_BYTES = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const PNG = `data:image/png;base64,${PNG_BYTES.toString("base64")}`;
const GIF_BYTES = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const GIF = `data:image/gif;base64,${GIF_BYTES.toString("base64")}`;
const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 32);

describe("pictures under {cdn_url}, without a token", () => {
  const env = useTestServer();
  let cdn: string;

  /** A picture address: 302 to the stored picture, which answers the bytes with their type. */
  async function follows(path: string, bytes: Buffer, contentType: string, target: RegExp) {
    const res = await fetch(`${cdn}${path}`, { redirect: "manual" });
    expect(res.status, path).toBe(302);
    const location = res.headers.get("location") as string;
    expect(location).toMatch(target);
    const picture = await fetch(location);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe(contentType);
    expect(Buffer.from(await picture.arrayBuffer()).equals(bytes)).toBe(true);
  }

  async function missing(path: string) {
    const res = await fetch(`${cdn}${path}`, { redirect: "manual" });
    expect(res.status, path).toBe(404);
    expect(await res.json()).toEqual({ message: "404: Not Found", code: 0 });
  }

  beforeAll(async () => {
    cdn = env.t.server.ctx.urls.cdnUrl;
  });

  describe("/avatars/{user}/{hash}.png", () => {
    it("leads to the bot's picture set with PATCH /users/@me, whatever size or format is asked", async () => {
      const res = await env.bot.patch("/users/@me", { avatar: PNG });
      const me = await res.json();
      expect(me.avatar).toBe(hashOf(PNG_BYTES));
      const target = new RegExp(`/cdn/pictures/avatar/${env.world.botUserId}/${me.avatar}$`);
      await follows(`/avatars/${env.world.botUserId}/${me.avatar}.png`, PNG_BYTES, "image/png", target);
      await follows(`/avatars/${env.world.botUserId}/${me.avatar}.webp?size=64`, PNG_BYTES, "image/png", target);
      await follows(`/avatars/${env.world.botUserId}/${me.avatar}.jpg?size=4096`, PNG_BYTES, "image/png", target);
      // The user object's avatar_url is the same address.
      const viaUrl = await fetch(me.avatar_url, { redirect: "manual" });
      expect(viaUrl.status).toBe(302);
    });

    it("leads to a person's picture", async () => {
      const person = await env.t.seed.person();
      const hash = (await env.t.server.ctx.domain.users.setAvatar(person.id, GIF)) as string;
      await follows(
        `/avatars/${person.id}/${hash}.gif`,
        GIF_BYTES,
        "image/gif",
        new RegExp(`/pictures/avatar/${person.id}/${hash}$`),
      );
    });

    it("answers 404 code 0 for an old or wrong hash, an unknown or malformed user, another owner's picture and a bad extension", async () => {
      const person = await env.t.seed.person();
      const old = (await env.t.server.ctx.domain.users.setAvatar(person.id, GIF)) as string;
      const current = (await env.t.server.ctx.domain.users.setAvatar(person.id, PNG)) as string;
      await missing(`/avatars/${person.id}/${old}.png`);
      await missing(`/avatars/${person.id}/${"0".repeat(32)}.png`);
      await missing(`/avatars/99999999/${current}.png`);
      await missing(`/avatars/abc/${current}.png`);
      await missing(`/avatars/${env.world.owner.id}/${current}.png`);
      await missing(`/avatars/${person.id}/${current}.bmp`);
      await missing(`/avatars/${person.id}/${current}`);
      await env.t.server.ctx.domain.users.setAvatar(person.id, null);
      await missing(`/avatars/${person.id}/${current}.png`);
      await missing(`/pictures/avatar/${person.id}/${current}`);
    });
  });

  describe("/icons/{guild}/{hash}.png", () => {
    it("leads to the guild icon set in the app (Manage Guild), sending GUILD_UPDATE; null removes it", async () => {
      const domain = env.t.server.ctx.domain;
      const client = await RawGatewayClient.identified(env.t, env.world.token, 1);
      await client.dispatch("GUILD_CREATE");
      const hash = (await domain.guilds.setIcon(env.world.owner.id, env.world.guild.id, PNG)) as string;
      expect((await client.dispatch("GUILD_UPDATE")).d).toMatchObject({
        id: env.world.guild.id.toString(),
        icon: hash,
      });
      await follows(
        `/icons/${env.world.guild.id}/${hash}.png?size=128`,
        PNG_BYTES,
        "image/png",
        new RegExp(`/pictures/guild-icon/${env.world.guild.id}/${hash}$`),
      );
      expect(await (await env.bot.get(`/guilds/${env.world.guild.id}`)).json()).toMatchObject({ icon: hash });

      expect(await domain.guilds.setIcon(env.world.owner.id, env.world.guild.id, null)).toBeNull();
      expect((await client.dispatch("GUILD_UPDATE")).d.icon).toBeNull();
      await missing(`/icons/${env.world.guild.id}/${hash}.png`);
      await client.close();
    });

    it("refuses a member without Manage Guild, someone outside the guild, and an image that is not one", async () => {
      const domain = env.t.server.ctx.domain;
      const member = await env.t.seed.person();
      await domain.members.addPerson(env.world.guild.id, member.id);
      await expect(domain.guilds.setIcon(member.id, env.world.guild.id, PNG)).rejects.toMatchObject({
        status: 403,
        code: 50013,
      });
      const outsider = await env.t.seed.person();
      await expect(domain.guilds.setIcon(outsider.id, env.world.guild.id, PNG)).rejects.toMatchObject({
        status: 404,
        code: 10004,
      });
      await expect(
        domain.guilds.setIcon(env.world.owner.id, env.world.guild.id, "data:image/png;base64,aGk="),
      ).rejects.toMatchObject({
        code: 50035,
        errors: { icon: { _errors: [{ code: "IMAGE_INVALID" }] } },
      });
      // A bot-granted Manage Guild is enough too.
      const manager = await env.t.seed.world(Permission.ManageGuild);
      expect(await domain.guilds.setIcon(manager.botUserId, manager.guild.id, PNG)).toBe(hashOf(PNG_BYTES));
    });
  });

  describe("/emojis/{emoji}.png", () => {
    it("leads to the custom emoji's picture in any format; unknown emoji are 404", async () => {
      const still = await env.t.server.ctx.domain.emojis.create(env.world.owner.id, env.world.guild.id, {
        name: "still",
        image: PNG,
      });
      const moving = await env.t.server.ctx.domain.emojis.create(env.world.owner.id, env.world.guild.id, {
        name: "moving",
        image: GIF,
      });
      await follows(`/emojis/${still.id}.png`, PNG_BYTES, "image/png", new RegExp(`/cdn/emoji-images/${still.id}$`));
      await follows(`/emojis/${still.id}.webp?size=48&quality=lossless`, PNG_BYTES, "image/png", /emoji-images/);
      await follows(`/emojis/${moving.id}.gif`, GIF_BYTES, "image/gif", new RegExp(`/emoji-images/${moving.id}$`));
      await missing("/emojis/99999999.png");
      await missing("/emojis/abc.png");
      await missing(`/emojis/${still.id}.txt`);
      await missing("/emoji-images/99999999");
    });
  });

  describe("/guild-events/{event}/{hash}.png", () => {
    it("leads to an event's cover; an event without one, or a wrong hash, is 404", async () => {
      const db = env.t.server.ctx.database.prisma;
      const hash = hashOf(PNG_BYTES);
      const base = {
        guildId: env.world.guild.id,
        creatorId: env.world.owner.id,
        name: "Launch",
        scheduledStartTime: new Date(Date.now() + 3_600_000),
        entityType: 2,
        channelId: env.world.voice.id,
      };
      const event = await db.scheduledEvent.create({ data: { ...base, imageHash: hash } });
      await db.picture.create({
        data: {
          ownerId: event.id,
          kind: "event-cover",
          hash,
          contentType: "image/png",
          data: new Uint8Array(PNG_BYTES),
        },
      });
      await follows(
        `/guild-events/${event.id}/${hash}.png?size=1024`,
        PNG_BYTES,
        "image/png",
        new RegExp(`/pictures/event-cover/${event.id}/${hash}$`),
      );
      const bare = await db.scheduledEvent.create({ data: base });
      await missing(`/guild-events/${bare.id}/${hash}.png`);
      await missing(`/guild-events/${event.id}/${"f".repeat(32)}.png`);
      await missing(`/guild-events/99999999/${hash}.png`);
    });
  });

  it("answers the picture itself with a long cache lifetime and needs no token", async () => {
    const person = await env.t.seed.person();
    const hash = (await env.t.server.ctx.domain.users.setAvatar(person.id, PNG)) as string;
    const res = await fetch(`${cdn}/pictures/avatar/${person.id}/${hash}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/max-age=\d+/);
  });
});
