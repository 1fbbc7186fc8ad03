import { Permission } from "@chat/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandView, componentRowsView, interactionHeaderView, messageView } from "../src/views";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const person = (name: string) => w.signUp(name);

/** A guild of `owner`'s with a bot in it (View Channel and Send Messages), and its first text channel. */
async function guildWithBot(ownerName: string, botName: string) {
  const owner = await person(ownerName);
  const { guild, firstChannelId } = await w.caller(owner).guilds.create({ name: `${ownerName}'s` });
  const app = await w.domain.applications.create(owner, botName);
  await w.domain.members.addBot(
    owner,
    BigInt(guild.id),
    app.application.id,
    Permission.ViewChannel | Permission.SendMessages,
  );
  const scope = { applicationId: app.application.id, botUserId: app.botUser.id, guildId: null };
  return { owner, guildId: guild.id, channelId: firstChannelId as string, app, scope };
}

describe("commands.forChannel", () => {
  it("answers the person's commands there grouped by application, with every field the option pickers need", async () => {
    const { owner, channelId, app, scope } = await guildWithBot("cora", "Helper");
    await w.domain.commands.overwrite(scope, [
      {
        name: "remind",
        description: "Set a reminder",
        options: [
          {
            type: 4,
            name: "minutes",
            description: "In how many minutes",
            required: true,
            min_value: 1,
            max_value: 600,
          },
          { type: 3, name: "note", description: "What to remember", min_length: 2, max_length: 100 },
          { type: 7, name: "where", description: "Where to remind you", channel_types: [0, 2] },
          {
            type: 3,
            name: "tone",
            description: "How",
            choices: [
              { name: "Gentle", value: "gentle" },
              { name: "Loud", value: "loud" },
            ],
          },
          { type: 3, name: "city", description: "Time zone city", autocomplete: true },
        ],
      },
      {
        name: "config",
        description: "Settings",
        options: [
          {
            type: 1,
            name: "show",
            description: "Show one",
            options: [{ type: 5, name: "all", description: "Everything" }],
          },
        ],
      },
      { type: 2, name: "High five" },
      { type: 3, name: "Bookmark" },
    ]);
    const groups = await w.caller(owner).commands.forChannel({ channelId });
    expect(groups).toHaveLength(1);
    expect(groups[0]?.application).toEqual({
      id: app.application.id.toString(),
      name: "Helper",
      iconUrl: null,
      botId: app.botUser.id.toString(),
    });
    const commands = groups[0]?.commands ?? [];
    expect(commands.map((c) => [c.type, c.name])).toEqual([
      [1, "config"],
      [1, "remind"],
      [2, "High five"],
      [3, "Bookmark"],
    ]);
    const remind = commands.find((c) => c.name === "remind");
    expect(remind?.description).toBe("Set a reminder");
    expect(remind?.options.map((o) => o.name)).toEqual(["minutes", "note", "where", "tone", "city"]);
    expect(remind?.options[0]).toEqual({
      type: 4,
      name: "minutes",
      description: "In how many minutes",
      required: true,
      choices: [],
      minValue: 1,
      maxValue: 600,
      minLength: null,
      maxLength: null,
      channelTypes: [],
      autocomplete: false,
      options: [],
    });
    expect(remind?.options[1]).toMatchObject({ minLength: 2, maxLength: 100, required: false });
    expect(remind?.options[2]?.channelTypes).toEqual([0, 2]);
    expect(remind?.options[3]?.choices).toEqual([
      { name: "Gentle", value: "gentle" },
      { name: "Loud", value: "loud" },
    ]);
    expect(remind?.options[4]?.autocomplete).toBe(true);
    expect(commands[0]?.options[0]).toMatchObject({
      type: 1,
      name: "show",
      options: [{ type: 5, name: "all", required: false }],
    });
  });

  it("answers the application's picture address when it has one", async () => {
    const { owner, channelId, app, scope } = await guildWithBot("dora", "Pictured");
    await w.database.prisma.application.update({ where: { id: app.application.id }, data: { iconHash: "abc123" } });
    await w.domain.commands.overwrite(scope, [{ name: "hi", description: "Say hi" }]);
    const [group] = await w.caller(owner).commands.forChannel({ channelId });
    expect(group?.application.iconUrl).toBe(`http://app.test/app-icons/${app.application.id}/abc123.png`);
  });

  it("is NOT_FOUND for a channel the person cannot see", async () => {
    const { channelId } = await guildWithBot("edna", "Hidden");
    const stranger = await person("stranger_cmd");
    await expect(w.caller(stranger).commands.forChannel({ channelId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("guilds.roles (the role pickers' list)", () => {
  it("lists the guild's roles highest first with @everyone last, for members only", async () => {
    const { owner, guildId } = await guildWithBot("gale", "Roles Bot");
    await w.domain.roles.create(owner, BigInt(guildId), { name: "Moderators", color: 0x3366ff });
    const roles = await w.caller(owner).guilds.roles({ guildId });
    expect(roles.at(-1)).toMatchObject({ id: guildId, name: "@everyone", everyone: true });
    expect(roles.map((r) => r.name)).toContain("Moderators");
    expect(roles.find((r) => r.name === "Moderators")).toMatchObject({ color: 0x3366ff, everyone: false });
    expect(roles.map((r) => r.position)).toEqual([...roles.map((r) => r.position)].sort((a, b) => b - a));
    const stranger = await person("stranger_roles");
    await expect(w.caller(stranger).guilds.roles({ guildId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("message views of bot messages", () => {
  it("a bot message's buttons and select arrive in messages.list as component views", async () => {
    const { owner, channelId, app } = await guildWithBot("fern", "Buttons");
    await w.domain.messages.create(BigInt(channelId), app.botUser.id, {
      content: "Pick one",
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: "Yes", custom_id: "yes", emoji: { name: "👍" } },
            { type: 2, style: 4, label: "No", custom_id: "no", disabled: true },
            { type: 2, style: 5, label: "Docs", url: "https://example.com/docs" },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: "flavour",
              placeholder: "Choose a flavour",
              min_values: 1,
              max_values: 2,
              options: [
                { label: "Vanilla", value: "v", description: "Plain and good" },
                { label: "Mint", value: "m", default: true },
              ],
            },
          ],
        },
      ],
    });
    const page = await w.caller(owner).messages.list({ channelId });
    const message = page.messages.at(-1);
    expect(message).toMatchObject({
      content: "Pick one",
      flags: 0,
      ephemeral: false,
      loading: false,
      interaction: null,
    });
    expect(message?.components).toEqual([
      {
        components: [
          {
            kind: "button",
            style: 1,
            label: "Yes",
            emoji: { id: null, name: "👍", animated: false },
            customId: "yes",
            url: null,
            disabled: false,
          },
          { kind: "button", style: 4, label: "No", emoji: null, customId: "no", url: null, disabled: true },
          {
            kind: "button",
            style: 5,
            label: "Docs",
            emoji: null,
            customId: null,
            url: "https://example.com/docs",
            disabled: false,
          },
        ],
      },
      {
        components: [
          {
            kind: "select",
            selectKind: "string",
            customId: "flavour",
            placeholder: "Choose a flavour",
            minValues: 1,
            maxValues: 2,
            disabled: false,
            options: [
              { label: "Vanilla", value: "v", description: "Plain and good", emoji: null, default: false },
              { label: "Mint", value: "m", description: null, emoji: null, default: true },
            ],
            channelTypes: [],
            defaultValues: [],
          },
        ],
      },
    ]);
  });

  const hostileAddresses = [
    "javascript:alert(1)",
    " JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:x",
    "//example.com",
    "not a url",
  ];

  it("a link button whose address is not http or https is disabled and loses its address", () => {
    const [row] = componentRowsView([
      {
        type: 1,
        components: [
          { type: 2, style: 5, label: "Fine", url: "https://example.com/ok" },
          ...hostileAddresses.map((url, i) => ({ type: 2, style: 5, label: `Bad ${i}`, url })),
        ],
      },
    ]);
    expect(row?.components.map((b) => (b.kind === "button" ? [b.label, b.url, b.disabled] : null))).toEqual([
      ["Fine", "https://example.com/ok", false],
      ...hostileAddresses.map((_, i) => [`Bad ${i}`, null, true]),
    ]);
  });

  it("a stored javascript: link button, written before the send-time check, reaches messages.list without any link", async () => {
    const { owner, channelId, app } = await guildWithBot("hana", "Old links");
    const message = await w.domain.messages.create(BigInt(channelId), app.botUser.id, {
      content: "Links",
      components: [{ type: 1, components: [{ type: 2, style: 5, label: "Fine", url: "https://example.com/ok" }] }],
    });
    await w.database.prisma.message.update({
      where: { id: BigInt(message.id) },
      data: { components: [{ type: 1, components: [{ type: 2, style: 5, label: "Go", url: hostileAddresses[0] }] }] },
    });
    const page = await w.caller(owner).messages.list({ channelId });
    expect(page.messages.at(-1)).toMatchObject({ id: message.id, content: "Links", components: [] });
  });

  const user = { id: "7", username: "ann", global_name: "Ann" };
  const base = {
    id: "9",
    channel_id: "3",
    content: "",
    timestamp: "2025-01-01T00:00:00.000Z",
    edited_timestamp: null,
    author: { id: "8", username: "helper", bot: true },
  };

  it("a reply to a slash command names who used it and the command", () => {
    const view = messageView({
      ...base,
      type: 20,
      interaction_metadata: { type: 2, user },
      interaction: { type: 2, name: "remind", user },
    });
    expect(view.interaction).toEqual({ userId: "7", userDisplayName: "Ann", name: "remind", kind: "slash" });
  });

  it("a reply to a user or message command is told apart by the metadata's target", () => {
    expect(
      interactionHeaderView({
        type: 23,
        interaction_metadata: { type: 2, user, target_user: user },
        interaction: { type: 2, name: "High five", user },
      })?.kind,
    ).toBe("user");
    expect(
      interactionHeaderView({
        type: 23,
        interaction_metadata: { type: 2, user, target_message_id: "5" },
        interaction: { type: 2, name: "Bookmark", user },
      })?.kind,
    ).toBe("message");
    expect(interactionHeaderView({ type: 0 })).toBeNull();
  });

  it("flag 64 makes a message ephemeral and flag 128 a loading (deferred) reply", () => {
    expect(messageView({ ...base, flags: 64 })).toMatchObject({ ephemeral: true, loading: false, flags: 64 });
    expect(messageView({ ...base, flags: 128 })).toMatchObject({ ephemeral: false, loading: true });
    expect(messageView({ ...base, flags: 192 })).toMatchObject({ ephemeral: true, loading: true });
  });

  it("user, role, mentionable and channel selects keep their kind, limits and defaults; layout components are left out", () => {
    const rows = componentRowsView([
      {
        type: 1,
        components: [
          { type: 5, custom_id: "who", min_values: 0, max_values: 3, default_values: [{ id: "7", type: "user" }] },
        ],
      },
      { type: 1, components: [{ type: 6, custom_id: "role", disabled: true }] },
      { type: 1, components: [{ type: 7, custom_id: "any" }] },
      { type: 1, components: [{ type: 8, custom_id: "chan", channel_types: [0] }] },
      { type: 17, components: [{ type: 10, content: "a container" }] },
      { type: 1, components: [{ type: 4, custom_id: "text", label: "A text input", style: 1 }] },
    ]);
    expect(rows.map((r) => r.components.map((c) => (c.kind === "select" ? c.selectKind : c.kind)))).toEqual([
      ["user"],
      ["role"],
      ["mentionable"],
      ["channel"],
    ]);
    expect(rows[0]?.components[0]).toMatchObject({
      minValues: 0,
      maxValues: 3,
      defaultValues: [{ id: "7", type: "user" }],
    });
    expect(rows[1]?.components[0]).toMatchObject({ disabled: true, minValues: 1, maxValues: 1 });
    expect(rows[3]?.components[0]).toMatchObject({ channelTypes: [0] });
  });

  it("commandView keeps required options first even for a record stored otherwise", () => {
    const view = commandView({
      id: "1",
      application_id: "2",
      type: 1,
      name: "x",
      description: "d",
      options: [
        { type: 3, name: "a", description: "a" },
        { type: 3, name: "b", description: "b", required: true },
      ],
    });
    expect(view.options.map((o) => o.name)).toEqual(["b", "a"]);
  });
});
