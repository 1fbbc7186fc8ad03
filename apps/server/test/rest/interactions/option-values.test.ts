import { ApiError, Permission } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";
import { expectFieldError } from "../commands/rest-commands-fixtures";
import { type InteractionWorld, interactionWorld } from "./interaction-fixtures";

/**
 * Spec: Interaction object, "The service validates before delivery: option values against the
 * command (types, choices, limits; users, roles and channels must be visible to the person)".
 * A refused use is 50035 naming the field, and writes nothing.
 */
describe("slash command option values", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let commandId: string;
  let hidden: bigint;
  let voice: bigint;
  let roleId: string;
  let outsider: bigint;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    const command = await w.command({
      name: "everything",
      description: "every option type",
      options: [
        { type: 3, name: "word", description: "s", min_length: 2, max_length: 5 },
        {
          type: 3,
          name: "fruit",
          description: "s",
          choices: [
            { name: "Apple", value: "apple" },
            { name: "Pear", value: "pear" },
          ],
        },
        { type: 4, name: "count", description: "i", min_value: 1, max_value: 10 },
        {
          type: 4,
          name: "size",
          description: "i",
          choices: [
            { name: "S", value: 1 },
            { name: "L", value: 3 },
          ],
        },
        { type: 10, name: "ratio", description: "n", min_value: 0.5, max_value: 1.5 },
        { type: 5, name: "flag", description: "b" },
        { type: 6, name: "who", description: "u" },
        { type: 7, name: "text_only", description: "c", channel_types: [0] },
        { type: 8, name: "role", description: "r" },
        { type: 9, name: "any", description: "m" },
        { type: 11, name: "file", description: "a" },
      ],
    });
    commandId = command.id;
    const f = fixtures(env.t);
    const secret = await f.channel(w.guild.id, { name: "secret" });
    await f.hideFromEveryone(secret.id, w.guild.id);
    hidden = secret.id;
    voice = w.voice.id;
    roleId = (await w.domain.roles.create(w.owner.id, w.guild.id, { name: "crew" })).id;
    outsider = (await env.t.seed.person()).id;
  });

  const count = () => env.t.server.ctx.database.prisma.interaction.count();
  const refused = async (options: unknown[], path: string) => {
    const before = await count();
    const error = await w.slash(commandId, options).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50035);
    expectFieldError((error as ApiError).errors, path);
    expect(await count()).toBe(before);
  };
  const accepted = async (options: unknown[]) => expect((await w.slash(commandId, options)).id).toMatch(/^\d+$/);

  it("takes every type's valid value", async () => {
    await accepted([
      { name: "word", type: 3, value: "abc" },
      { name: "fruit", type: 3, value: "pear" },
      { name: "count", type: 4, value: 10 },
      { name: "size", type: 4, value: 3 },
      { name: "ratio", type: 10, value: 0.75 },
      { name: "flag", type: 5, value: false },
      { name: "who", type: 6, value: w.owner.id.toString() },
      { name: "text_only", type: 7, value: w.text.id.toString() },
      { name: "role", type: 8, value: roleId },
      { name: "any", type: 9, value: roleId },
    ]);
  });

  const rules: [string, unknown[], string][] = [
    ["a string shorter than min_length", [{ name: "word", type: 3, value: "a" }], "options.0.value"],
    ["a string longer than max_length", [{ name: "word", type: 3, value: "abcdef" }], "options.0.value"],
    ["a string that is not a string", [{ name: "word", type: 3, value: 12 }], "options.0.value"],
    ["a string outside its choices", [{ name: "fruit", type: 3, value: "plum" }], "options.0.value"],
    ["an integer below min_value", [{ name: "count", type: 4, value: 0 }], "options.0.value"],
    ["an integer above max_value", [{ name: "count", type: 4, value: 11 }], "options.0.value"],
    ["an integer with a fraction", [{ name: "count", type: 4, value: 2.5 }], "options.0.value"],
    ["an integer outside its choices", [{ name: "size", type: 4, value: 2 }], "options.0.value"],
    ["a number below min_value", [{ name: "ratio", type: 10, value: 0.25 }], "options.0.value"],
    ["a number above max_value", [{ name: "ratio", type: 10, value: 2 }], "options.0.value"],
    ["a boolean that is a string", [{ name: "flag", type: 5, value: "true" }], "options.0.value"],
    ["a user who is not a member", [{ name: "who", type: 6, value: "OUTSIDER" }], "options.0.value"],
    ["a user id that is no id", [{ name: "who", type: 6, value: "me" }], "options.0.value"],
    ["a channel the person cannot see", [{ name: "text_only", type: 7, value: "HIDDEN" }], "options.0.value"],
    ["a channel outside channel_types", [{ name: "text_only", type: 7, value: "VOICE" }], "options.0.value"],
    ["a role of no guild", [{ name: "role", type: 8, value: "424242" }], "options.0.value"],
    ["a mentionable that is neither", [{ name: "any", type: 9, value: "OUTSIDER" }], "options.0.value"],
    ["an attachment that is no upload of the person", [{ name: "file", type: 11, value: "1" }], "options.0.value"],
    ["an option the command does not have", [{ name: "nope", type: 3, value: "x" }], "options.0.name"],
    ["an option of the wrong type", [{ name: "count", type: 3, value: "5" }], "options.0.type"],
    [
      "an option given twice",
      [
        { name: "flag", type: 5, value: true },
        { name: "flag", type: 5, value: false },
      ],
      "options.1.name",
    ],
    ["options that are not a list", "word" as unknown as unknown[], "options"],
  ];
  for (const [what, options, path] of rules) {
    it(`refuses ${what} (50035 at ${path})`, async () => {
      const ids: Record<string, string> = {
        OUTSIDER: outsider.toString(),
        HIDDEN: hidden.toString(),
        VOICE: voice.toString(),
      };
      const filled = Array.isArray(options)
        ? options.map((o) =>
            typeof (o as { value?: unknown }).value === "string" && ids[(o as { value: string }).value]
              ? { ...(o as object), value: ids[(o as { value: string }).value] }
              : o,
          )
        : options;
      await refused(filled as unknown[], path);
    });
  }

  it("refuses a use without a required option", async () => {
    const command = await w.command({
      name: "needs",
      description: "d",
      options: [
        { type: 3, name: "text", description: "t", required: true },
        { type: 5, name: "loud", description: "b" },
      ],
    });
    const before = await count();
    await expect(w.slash(command.id, [{ name: "loud", type: 5, value: true }])).rejects.toMatchObject({
      code: 50035,
      errors: { options: { _errors: [expect.objectContaining({ code: "APPLICATION_COMMAND_OPTION_REQUIRED" })] } },
    });
    expect(await count()).toBe(before);
  });

  it("refuses a subcommand command used without exactly one known subcommand, or with the group's subcommand missing", async () => {
    const command = await w.command({
      name: "admin",
      description: "d",
      options: [
        {
          type: 1,
          name: "kick",
          description: "k",
          options: [{ type: 6, name: "who", description: "u", required: true }],
        },
        { type: 2, name: "roles", description: "g", options: [{ type: 1, name: "add", description: "a" }] },
      ],
    });
    await expect(w.slash(command.id, [])).rejects.toMatchObject({ code: 50035 });
    await expect(w.slash(command.id, [{ name: "ban", type: 1 }])).rejects.toMatchObject({
      code: 50035,
      errors: { options: { 0: { name: expect.anything() } } },
    });
    await expect(w.slash(command.id, [{ name: "kick", type: 2 }])).rejects.toMatchObject({
      code: 50035,
      errors: { options: { 0: { type: expect.anything() } } },
    });
    await expect(w.slash(command.id, [{ name: "kick", type: 1, options: [] }])).rejects.toMatchObject({
      code: 50035,
      errors: { options: { 0: { options: expect.anything() } } },
    });
    await expect(w.slash(command.id, [{ name: "roles", type: 2, options: [] }])).rejects.toMatchObject({ code: 50035 });
    await expect(
      w.slash(command.id, [
        { name: "kick", type: 1 },
        { name: "roles", type: 2 },
      ]),
    ).rejects.toMatchObject({ code: 50035 });
    expect(
      (
        await w.slash(command.id, [
          { name: "kick", type: 1, options: [{ name: "who", type: 6, value: w.owner.id.toString() }] },
        ])
      ).id,
    ).toMatch(/^\d+$/);
    expect((await w.slash(command.id, [{ name: "roles", type: 2, options: [{ name: "add", type: 1 }] }])).id).toMatch(
      /^\d+$/,
    );
  });

  it("judges a channel option by the person who used it, not by the bot", async () => {
    const f = fixtures(env.t);
    const botOnly = await f.channel(w.guild.id, { name: "bot-only" });
    await f.hideFromEveryone(botOnly.id, w.guild.id);
    await f.overwrite(botOnly.id, w.botUserId, { allow: Permission.ViewChannel }, 1);
    await refused([{ name: "text_only", type: 7, value: botOnly.id.toString() }], "options.0.value");
    const owner = await w.slash(commandId, [{ name: "text_only", type: 7, value: botOnly.id.toString() }], {
      userId: w.owner.id,
    });
    expect(owner.id).toMatch(/^\d+$/);
  });
});
