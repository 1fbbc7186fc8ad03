import { Permission } from "@chat/domain";
import { INTERACTION_UPDATE } from "@chat/events";
import { AUTOCOMPLETE_LIMIT, INTERACTION_LIMIT } from "@chat/rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLiveTab, quiet } from "./live-tab";
import { createTestWorld, type TestWorld } from "./world";

let w: TestWorld;
beforeAll(async () => {
  w = await createTestWorld();
});
afterAll(() => w?.close());

const person = (name: string) => w.signUp(name);

/** A guild of `ownerName`'s with a bot (never connected) holding commands, and its first text channel. */
async function guildWithCommands(ownerName: string) {
  const owner = await person(ownerName);
  const { guild, firstChannelId } = await w.caller(owner).guilds.create({ name: `${ownerName}'s` });
  const app = await w.domain.applications.create(owner, "Quiet Bot");
  await w.domain.members.addBot(
    owner,
    BigInt(guild.id),
    app.application.id,
    Permission.ViewChannel | Permission.SendMessages,
  );
  const [remind, config, wave] = await w.domain.commands.overwrite(
    { applicationId: app.application.id, botUserId: app.botUser.id, guildId: null },
    [
      {
        name: "remind",
        description: "Set a reminder",
        options: [
          { type: 4, name: "minutes", description: "In how many", required: true, min_value: 1, max_value: 600 },
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
      { type: 2, name: "Wave" },
    ],
  );
  return {
    owner,
    app,
    guildId: BigInt(guild.id),
    channelId: firstChannelId as string,
    remind: remind!.id,
    config: config!.id,
    wave: wave!.id,
  };
}

/** The interaction window (3 s) passes and the housekeeping timer fails what was not answered. */
async function expireAfterWindow() {
  await new Promise((r) => setTimeout(r, 3_100));
  expect(await w.domain.interactions.expireOverdue()).toBeGreaterThan(0);
}

type UpdateFrame = { t: typeof INTERACTION_UPDATE; d: { id: string; channel_id: string; status: string } };
const isUpdate = (id: string) => (frame: { t: string; d: unknown }) =>
  frame.t === INTERACTION_UPDATE && (frame.d as { id: string }).id === id;

describe("interactions.useCommand", () => {
  it("creates the interaction; unanswered after 3 seconds it fails, told to the tab that named itself only", async () => {
    const { owner, channelId, remind } = await guildWithCommands("ida");
    const using = await openLiveTab((signal) => w.caller(owner, signal));
    const other = await openLiveTab((signal) => w.caller(owner, signal));
    const { tabId } = await using.ready();
    await other.ready();
    const { id } = await w.caller(owner).interactions.useCommand({
      channelId,
      commandId: remind,
      options: [{ name: "minutes", type: 4, value: 15 }],
      tabId,
    });
    expect(id).toMatch(/^\d+$/);
    // No gateway here to deliver it: the 3-second window passes (the timer every node runs).
    await expireAfterWindow();
    const update = (await using.until(isUpdate(id))) as unknown as UpdateFrame;
    expect(update.d).toEqual({ id, channel_id: channelId, status: "failed" });
    await quiet();
    expect(other.events().filter(isUpdate(id))).toEqual([]);
    using.close();
    other.close();
  });

  it("a subcommand's options nest under it; a user command names its target", async () => {
    const { owner, channelId, config, wave } = await guildWithCommands("jay");
    const sub = await w.caller(owner).interactions.useCommand({
      channelId,
      commandId: config,
      options: [{ type: 1, name: "show", options: [{ type: 5, name: "all", value: true }] }],
    });
    expect(sub.id).toMatch(/^\d+$/);
    const targeted = await w
      .caller(owner)
      .interactions.useCommand({ channelId, commandId: wave, targetId: owner.toString() });
    expect(targeted.id).toMatch(/^\d+$/);
  });

  it("refuses what the command does not take with the field that is wrong (50035), and an unknown command as NOT_FOUND", async () => {
    const { owner, channelId, remind } = await guildWithCommands("kit");
    const tooBig = await w
      .caller(owner)
      .interactions.useCommand({ channelId, commandId: remind, options: [{ name: "minutes", type: 4, value: 601 }] })
      .catch((e) => e);
    expect(tooBig).toMatchObject({ code: "BAD_REQUEST" });
    expect(tooBig.cause).toMatchObject({ code: 50035 });
    expect(Object.keys(tooBig.cause.errors.options)).toEqual(["0"]);
    await expect(w.caller(owner).interactions.useCommand({ channelId, commandId: "123456789" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const stranger = await person("kit_stranger");
    await expect(
      w
        .caller(stranger)
        .interactions.useCommand({ channelId, commandId: remind, options: [{ name: "minutes", type: 4, value: 1 }] }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("checks its input's shape first (an option name past 32 characters, more than 25 options)", async () => {
    const { owner, channelId, remind } = await guildWithCommands("lea");
    await expect(
      w.caller(owner).interactions.useCommand({
        channelId,
        commandId: remind,
        options: [{ name: "x".repeat(33), type: 3, value: "a" }],
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const many = Array.from({ length: 26 }, (_, i) => ({ name: `o${i}`, type: 3, value: "a" }));
    await expect(
      w.caller(owner).interactions.useCommand({ channelId, commandId: remind, options: many }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("interactions.useComponent", () => {
  it("a click on a bot message's button creates the interaction, failed when unanswered; a disabled one is refused", async () => {
    const { owner, app, channelId } = await guildWithCommands("max");
    const message = await w.domain.messages.create(BigInt(channelId), app.botUser.id, {
      content: "Press",
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: "Go", custom_id: "go" },
            { type: 2, style: 2, label: "Off", custom_id: "off", disabled: true },
          ],
        },
      ],
    });
    const tab = await openLiveTab((signal) => w.caller(owner, signal));
    const { tabId } = await tab.ready();
    const { id } = await w
      .caller(owner)
      .interactions.useComponent({ channelId, messageId: message.id, customId: "go", tabId });
    await expireAfterWindow();
    expect(((await tab.until(isUpdate(id))) as unknown as UpdateFrame).d.status).toBe("failed");
    await expect(
      w.caller(owner).interactions.useComponent({ channelId, messageId: message.id, customId: "off" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      w.caller(owner).interactions.useComponent({ channelId, messageId: message.id, customId: "x".repeat(101) }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    tab.close();
  });
});

describe("the people's limit on using apps", () => {
  it("refuses a person's eleventh command or click within 5 seconds, over all channels, before creating anything", async () => {
    const { owner, guildId, channelId, remind, wave } = await guildWithCommands("mo");
    const second = (await w.domain.channels.create(guildId, owner, { name: "second", type: 0 })) as { id: string };
    const uses = Array.from({ length: INTERACTION_LIMIT.points }, (_, i) =>
      i % 2 === 0
        ? w.caller(owner).interactions.useCommand({
            channelId,
            commandId: remind,
            options: [{ name: "minutes", type: 4, value: 5 }],
          })
        : w
            .caller(owner)
            .interactions.useCommand({ channelId: second.id, commandId: wave, targetId: owner.toString() }),
    );
    await Promise.all(uses);
    const before = await w.database.prisma.interaction.count({ where: { userId: owner } });
    const refused = await w
      .caller(owner)
      .interactions.useCommand({ channelId, commandId: remind, options: [{ name: "minutes", type: 4, value: 5 }] })
      .catch((e) => e);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(refused.message).toMatch(/^You are using apps too quickly\. Try again in [1-5] seconds?\.$/);
    await expect(
      w.caller(owner).interactions.useComponent({ channelId, messageId: "1", customId: "go" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await w.database.prisma.interaction.count({ where: { userId: owner } })).toBe(before);
    // Another person has their own count.
    const other = await person("mo_friend");
    await w.domain.members.addPerson(guildId, other);
    await expect(
      w
        .caller(other)
        .interactions.useCommand({ channelId, commandId: remind, options: [{ name: "minutes", type: 4, value: 5 }] }),
    ).resolves.toMatchObject({ id: expect.any(String) });
  });
});

describe("interactions.autocomplete", () => {
  async function guildWithSearch(ownerName: string) {
    const owner = await person(ownerName);
    const { guild, firstChannelId } = await w.caller(owner).guilds.create({ name: `${ownerName}'s` });
    const app = await w.domain.applications.create(owner, "Search Bot");
    await w.domain.members.addBot(
      owner,
      BigInt(guild.id),
      app.application.id,
      Permission.ViewChannel | Permission.SendMessages,
    );
    const [search] = await w.domain.commands.overwrite(
      { applicationId: app.application.id, botUserId: app.botUser.id, guildId: null },
      [
        {
          name: "search",
          description: "Search",
          options: [{ type: 3, name: "query", description: "What", required: true, autocomplete: true }],
        },
      ],
    );
    return { owner, channelId: firstChannelId as string, search: search!.id };
  }

  it("creates a type 4 interaction for the focused option; unanswered, it fails, told to the typing tab only", async () => {
    const { owner, channelId, search } = await guildWithSearch("moe");
    const typing = await openLiveTab((signal) => w.caller(owner, signal));
    const { tabId } = await typing.ready();
    const { id } = await w.caller(owner).interactions.autocomplete({
      channelId,
      commandId: search,
      options: [{ name: "query", type: 3, value: "ap", focused: true }],
      tabId,
    });
    expect(id).toMatch(/^\d+$/);
    expect((await w.database.prisma.interaction.findUniqueOrThrow({ where: { id: BigInt(id) } })).type).toBe(4);
    await expireAfterWindow();
    const update = (await typing.until(isUpdate(id))) as unknown as UpdateFrame;
    expect(update.d).toEqual({ id, channel_id: channelId, status: "failed" });
    typing.close();
  });

  it("holds a person's typing to AUTOCOMPLETE_LIMIT requests in 5 seconds, apart from their commands and clicks", async () => {
    const { owner, channelId, search } = await guildWithSearch("pia");
    const typed = (value: string) =>
      w.caller(owner).interactions.autocomplete({
        channelId,
        commandId: search,
        options: [{ name: "query", type: 3, value, focused: true }],
      });
    for (let i = 0; i < AUTOCOMPLETE_LIMIT.points; i++) await typed(`a${i}`);
    const refused = await typed("one more").catch((e) => e);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(refused.message).toMatch(/^Choices are asked for too often\. Try again in [1-5] seconds?\.$/);
    await expect(
      w.caller(owner).interactions.useCommand({
        channelId,
        commandId: search,
        options: [{ name: "query", type: 3, value: "sent anyway" }],
      }),
    ).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("refuses a request with no focused option (50035 at options) and a malformed one (BAD_REQUEST before the domain)", async () => {
    const { owner, channelId, search } = await guildWithSearch("ned");
    const unfocused = await w
      .caller(owner)
      .interactions.autocomplete({ channelId, commandId: search, options: [{ name: "query", type: 3, value: "ap" }] })
      .catch((e) => e);
    expect(unfocused).toMatchObject({ code: "BAD_REQUEST" });
    expect(unfocused.cause).toMatchObject({
      code: 50035,
      errors: {
        options: { _errors: [expect.objectContaining({ code: "APPLICATION_COMMAND_AUTOCOMPLETE_FOCUS_INVALID" })] },
      },
    });
    await expect(
      w.caller(owner).interactions.autocomplete({ channelId, commandId: search, options: [] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("interactions.submitForm", () => {
  it("opens the form in the tab that used the command (FORM_OPEN), then submits answers checked against it: refusals name the field, a second submit is refused", async () => {
    const { owner, channelId, wave } = await guildWithCommands("flo");
    const tokens = new Map<string, string>();
    const stop = w.bus.subscribe((event) => {
      if (event.t === "INTERACTION_CREATE")
        tokens.set((event.d as { id: string }).id, (event.d as { token: string }).token);
    });
    const tab = await openLiveTab((signal) => w.caller(owner, signal));
    const { tabId } = await tab.ready();
    const { id } = await w
      .caller(owner)
      .interactions.useCommand({ channelId, commandId: wave, targetId: owner.toString(), tabId });
    const form = {
      custom_id: "f",
      title: "Tell",
      components: [{ type: 18, label: "Name", component: { type: 4, custom_id: "name", style: 1, max_length: 5 } }],
    };
    await w.domain.interactionCallbacks.respond(BigInt(id), tokens.get(id) as string, { type: 9, data: form }, []);
    const opened = (await tab.until((frame) => frame.t === "FORM_OPEN")) as unknown as {
      d: { id: string; form: { title: string } };
    };
    expect(opened.d).toMatchObject({ id, form: { title: "Tell" } });
    await expect(
      w.caller(owner).interactions.submitForm({ interactionId: id, answers: { name: "far too long" }, tabId }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { code: 50035, errors: { answers: { name: { _errors: [{ code: "BASE_TYPE_BAD_LENGTH" }] } } } },
    });
    const submitted = await w
      .caller(owner)
      .interactions.submitForm({ interactionId: id, answers: { name: "Flo" }, tabId });
    expect(tokens.has(submitted.id)).toBe(true);
    await expect(
      w.caller(owner).interactions.submitForm({ interactionId: id, answers: { name: "Flo" } }),
    ).rejects.toMatchObject({ cause: { code: 40060 } });
    await expect(
      w.caller(owner).interactions.submitForm({ interactionId: id, answers: { name: "x".repeat(8001) } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    stop();
    tab.close();
  });
});
