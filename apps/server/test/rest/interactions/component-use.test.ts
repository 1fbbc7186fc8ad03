import { ApiError } from "@chat/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { fixtures } from "../../support/rest-fixtures";
import { expectFieldError } from "../commands/rest-commands-fixtures";
import { type InteractionWorld, interactionWorld } from "./interaction-fixtures";

/**
 * Spec: Interaction object, "select values against the select ... Disabled components cannot be
 * used". A refused click writes nothing.
 */
describe("using a message component", () => {
  const env = useTestServer({ world: false });
  let w: InteractionWorld;
  let message: { id: string };
  let hidden: bigint;
  beforeAll(async () => {
    w = await interactionWorld(env.t);
    const f = fixtures(env.t);
    const secret = await f.channel(w.guild.id, { name: "secret" });
    await f.hideFromEveryone(secret.id, w.guild.id);
    hidden = secret.id;
    message = await w.botMessage({
      content: "controls",
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: "Go", custom_id: "go" },
            { type: 2, style: 4, label: "Off", custom_id: "off", disabled: true },
            { type: 2, style: 5, label: "Docs", url: "https://example.com" },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: "size",
              min_values: 1,
              max_values: 2,
              options: [
                { label: "S", value: "s" },
                { label: "M", value: "m" },
                { label: "L", value: "l" },
              ],
            },
          ],
        },
        { type: 1, components: [{ type: 6, custom_id: "role" }] },
        { type: 1, components: [{ type: 8, custom_id: "room", channel_types: [0] }] },
        { type: 1, components: [{ type: 7, custom_id: "anyone", max_values: 3, disabled: false }] },
      ],
    });
  });

  const count = () => env.t.server.ctx.database.prisma.interaction.count();
  const refused = async (customId: string, values: unknown, path: string) => {
    const before = await count();
    const error = await w.click(message.id, customId, values as string[]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(50035);
    expectFieldError((error as ApiError).errors, path);
    expect(await count()).toBe(before);
  };

  it("takes a button and every select's valid values", async () => {
    for (const [customId, values] of [
      ["go", undefined],
      ["size", ["m", "l"]],
      ["role", [w.guild.id.toString()]],
      ["room", [w.text.id.toString()]],
      ["anyone", [w.owner.id.toString(), w.guild.id.toString()]],
    ] as const) {
      await expect(w.click(message.id, customId, values as string[] | undefined)).resolves.toMatchObject({
        id: expect.any(String),
      });
    }
  });

  const rules: [string, string, unknown, string][] = [
    ["an unknown custom_id", "nope", undefined, "custom_id"],
    ["a disabled button", "off", undefined, "custom_id"],
    ["values on a button", "go", ["x"], "values"],
    ["fewer values than min_values", "size", [], "values"],
    ["more values than max_values", "size", ["s", "m", "l"], "values"],
    ["a value the select does not offer", "size", ["xl"], "values.0"],
    ["the same value twice", "size", ["s", "s"], "values"],
    ["values that are not strings", "size", [1], "values.0"],
    ["a role of no guild", "role", ["42424242"], "values.0"],
    ["a channel the person cannot see", "room", ["HIDDEN"], "values.0"],
    ["a channel outside channel_types", "room", ["VOICE"], "values.0"],
    ["a mentionable that is neither member nor role", "anyone", ["42424242"], "values.0"],
  ];
  for (const [what, customId, values, path] of rules) {
    it(`refuses ${what} (50035 at ${path})`, async () => {
      const ids: Record<string, string> = { HIDDEN: hidden.toString(), VOICE: w.voice.id.toString() };
      const filled = Array.isArray(values) ? values.map((v) => (typeof v === "string" && ids[v] ? ids[v] : v)) : values;
      await refused(customId, filled, path);
    });
  }

  it("answers 10008 for a message not in the channel, and 50035 for a person's message (no component there)", async () => {
    await expect(w.click("123456789", "go")).rejects.toMatchObject({ code: 10008 });
    const said = await w.domain.messages.create(w.text.id, w.owner.id, { content: "mine" });
    await expect(w.click(said.id, "go")).rejects.toMatchObject({
      code: 50035,
      errors: { custom_id: expect.anything() },
    });
  });

  it("refuses a click on the components of a bot that left the guild, creating nothing", async () => {
    const solo = await interactionWorld(env.t);
    const left = await solo.botMessage({
      content: "bye",
      components: [{ type: 1, components: [{ type: 2, style: 1, label: "Go", custom_id: "go" }] }],
    });
    expect((await solo.bot.delete(`/users/@me/guilds/${solo.guild.id}`)).status).toBe(204);
    const before = await count();
    await expect(solo.click(left.id, "go")).rejects.toMatchObject({ code: 50035 });
    expect(await count()).toBe(before);
  });

  it("answers 10003 when the person cannot see the channel", async () => {
    const outsider = await env.t.seed.person();
    await expect(w.click(message.id, "go", undefined, { userId: outsider.id })).rejects.toMatchObject({ code: 10003 });
  });
});
