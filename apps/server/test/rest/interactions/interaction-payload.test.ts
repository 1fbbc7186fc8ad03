import { Permission } from "@chat/domain";
import type {
  APIChatInputApplicationCommandGuildInteraction,
  APIMessageComponentGuildInteraction,
} from "discord-api-types/v10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { buttons, type InteractionWorld, interactionWorld } from "./interaction-fixtures";

/** Spec: Interaction object, and CLIENT-COMPAT.md's INTERACTION_CREATE fields. */
describe("INTERACTION_CREATE payload", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let bot: Awaited<ReturnType<InteractionWorld["connect"]>>;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    bot = await w.connect();
  });
  afterAll(() => bot.close());

  const received = async (id: string) => (await bot.dispatch("INTERACTION_CREATE", (d) => d.id === id)).d;

  it("carries every field of the interaction object, never a standalone user", async () => {
    const command = await w.command({
      name: "echo",
      description: "echo",
      options: [{ type: 3, name: "text", description: "t", required: true }],
    });
    const { id } = await w.slash(command.id, [{ name: "text", type: 3, value: "hello" }]);
    const d = (await received(id)) as APIChatInputApplicationCommandGuildInteraction;
    const guildId = w.guild.id.toString();
    expect(d).toMatchObject({
      id,
      application_id: w.app.application.id.toString(),
      type: 2,
      token: expect.stringMatching(/^[\w-]{40,}$/),
      version: 1,
      guild_id: guildId,
      guild: { id: guildId, features: [], locale: "en-US" },
      channel_id: w.text.id.toString(),
      channel: { id: w.text.id.toString(), type: 0, name: "general" },
      locale: "en-GB",
      context: 0,
      entitlements: [],
      authorizing_integration_owners: { "0": guildId },
      attachment_size_limit: 25 * 1024 * 1024,
      data: {
        id: command.id,
        name: "echo",
        type: 1,
        guild_id: guildId,
        options: [{ name: "text", type: 3, value: "hello" }],
      },
    });
    expect(d).not.toHaveProperty("user");
    expect(d).not.toHaveProperty("message");
    expect(d.member.user).toMatchObject({ id: w.member.id.toString(), username: w.member.username, bot: false });
    expect(typeof d.app_permissions).toBe("string");
    const app = BigInt(d.app_permissions);
    expect(app & Permission.SendMessages).toBe(Permission.SendMessages);
    expect(app & Permission.Administrator).toBe(0n);
    const person = BigInt(d.member.permissions);
    expect(person & Permission.ViewChannel).toBe(Permission.ViewChannel);
    expect(person & Permission.ManageGuild).toBe(0n);
  });

  it("nests a subcommand's options under it, and a subcommand group's subcommand under the group", async () => {
    const command = await w.command({
      name: "config",
      description: "config",
      options: [
        {
          type: 2,
          name: "channel",
          description: "g",
          options: [
            { type: 1, name: "set", description: "s", options: [{ type: 4, name: "slowmode", description: "n" }] },
          ],
        },
        { type: 1, name: "show", description: "s" },
      ],
    });
    const grouped = await w.slash(command.id, [
      {
        name: "channel",
        type: 2,
        options: [{ name: "set", type: 1, options: [{ name: "slowmode", type: 4, value: 5 }] }],
      },
    ]);
    expect((await received(grouped.id)).data.options).toEqual([
      {
        name: "channel",
        type: 2,
        options: [{ name: "set", type: 1, options: [{ name: "slowmode", type: 4, value: 5 }] }],
      },
    ]);
    const plain = await w.slash(command.id, [{ name: "show", type: 1 }]);
    expect((await received(plain.id)).data.options).toEqual([{ name: "show", type: 1 }]);
  });

  it("resolves users, members (with permissions), roles and channels named by options", async () => {
    const role = await w.domain.roles.create(w.owner.id, w.guild.id, { name: "helpers" });
    const command = await w.command({
      name: "pick",
      description: "pick",
      options: [
        { type: 6, name: "who", description: "u" },
        { type: 8, name: "role", description: "r" },
        { type: 7, name: "where", description: "c" },
        { type: 9, name: "any", description: "m" },
      ],
    });
    const { id } = await w.slash(command.id, [
      { name: "who", type: 6, value: w.owner.id.toString() },
      { name: "role", type: 8, value: role.id },
      { name: "where", type: 7, value: w.text.id.toString() },
      { name: "any", type: 9, value: w.member.id.toString() },
    ]);
    const { data } = await received(id);
    const owner = w.owner.id.toString();
    expect(data.resolved.users[owner]).toMatchObject({ id: owner, username: w.owner.username });
    expect(data.resolved.members[owner]).toMatchObject({ roles: [], permissions: expect.stringMatching(/^\d+$/) });
    expect(data.resolved.members[owner]).not.toHaveProperty("user");
    expect(data.resolved.members[w.member.id.toString()]).toBeDefined();
    expect(data.resolved.roles[role.id]).toMatchObject({
      id: role.id,
      name: "helpers",
      permissions: expect.any(String),
    });
    expect(data.resolved.channels[w.text.id.toString()]).toEqual({
      id: w.text.id.toString(),
      name: "general",
      type: 0,
      parent_id: null,
      permissions: expect.stringMatching(/^\d+$/),
    });
  });

  it("gives a user command its target_id and resolved users and members", async () => {
    const command = await w.command({ type: 2, name: "Profile" });
    const { id } = await w.domain.interactions.useCommand(w.member.id, {
      channelId: w.text.id,
      commandId: BigInt(command.id),
      targetId: w.owner.id,
    });
    const { data } = await received(id);
    const owner = w.owner.id.toString();
    expect(data).toMatchObject({ id: command.id, name: "Profile", type: 2, target_id: owner });
    expect(data.resolved.users[owner]).toMatchObject({ id: owner });
    expect(data.resolved.members[owner]).toMatchObject({ permissions: expect.any(String) });
  });

  it("gives a message command its target_id and the message in resolved.messages", async () => {
    const command = await w.command({ type: 3, name: "Quote" });
    const said = await w.domain.messages.create(w.text.id, w.owner.id, { content: "quote me" });
    const { id } = await w.domain.interactions.useCommand(w.member.id, {
      channelId: w.text.id,
      commandId: BigInt(command.id),
      targetId: BigInt(said.id),
    });
    const { data } = await received(id);
    expect(data).toMatchObject({
      type: 3,
      target_id: said.id,
      resolved: {
        messages: { [said.id]: { id: said.id, content: "quote me", author: { id: w.owner.id.toString() } } },
      },
    });
  });

  it("gives a component interaction the message carrying the component, and the component's custom_id and type", async () => {
    const message = await w.botMessage({ content: "press", components: [buttons("yes", "no")] });
    const { id } = await w.click(message.id, "no");
    const d = (await received(id)) as APIMessageComponentGuildInteraction;
    expect(d).toMatchObject({
      type: 3,
      data: { custom_id: "no", component_type: 2 },
      message: { id: message.id, content: "press", components: message.components },
    });
    expect(d.data).not.toHaveProperty("values");
  });

  it("gives a select's values, and resolved for user, role, mentionable and channel selects", async () => {
    const message = await w.botMessage({
      content: "choose",
      components: [
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: "colour",
              max_values: 2,
              options: [
                { label: "Red", value: "red" },
                { label: "Blue", value: "blue" },
                { label: "Green", value: "green" },
              ],
            },
          ],
        },
        { type: 1, components: [{ type: 5, custom_id: "person" }] },
        { type: 1, components: [{ type: 8, custom_id: "room", channel_types: [0] }] },
      ],
    });
    const colour = await w.click(message.id, "colour", ["blue", "red"]);
    expect((await received(colour.id)).data).toEqual({
      custom_id: "colour",
      component_type: 3,
      values: ["blue", "red"],
    });
    const person = await w.click(message.id, "person", [w.owner.id.toString()]);
    const picked = (await received(person.id)).data;
    expect(picked).toMatchObject({ custom_id: "person", component_type: 5, values: [w.owner.id.toString()] });
    expect(Object.keys(picked.resolved.users)).toEqual([w.owner.id.toString()]);
    const room = await w.click(message.id, "room", [w.text.id.toString()]);
    expect(Object.keys((await received(room.id)).data.resolved.channels)).toEqual([w.text.id.toString()]);
  });
});
