import { ActionRow } from "discord.js";
import { Util } from "oceanic.js";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { validateResponse } from "../../support/openapi";
import { expectError } from "../../support/rest-fixtures";

/**
 * The spec's component records (gateway document, "Component records" and "Limits") on message
 * send and edit: accepted shapes come back as sent, every broken rule answers 50035 naming the
 * field with the reference platform's code.
 */

type Row = { type: number; components: Record<string, unknown>[] };
type Wire = { id: string; components: Row[]; flags: number };

const row = (...components: Record<string, unknown>[]) => ({ type: 1, components });
const button = (custom_id: string, extra: Record<string, unknown> = {}) => ({
  type: 2,
  style: 1,
  label: custom_id,
  custom_id,
  ...extra,
});
const option = (value: string, extra: Record<string, unknown> = {}) => ({
  label: value.toUpperCase(),
  value,
  ...extra,
});
const select = (custom_id: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  custom_id,
  options: [option("a"), option("b")],
  ...extra,
});

/** discord.js's own action row, which it builds from every message it receives (its constructor is typed private). */
const DiscordActionRow = ActionRow as unknown as new (data: unknown) => { components: { customId?: string | null }[] };

/** The answer without the numeric `id` every component gets, to compare with what was sent. */
const withoutIds = (rows: Row[]) =>
  rows.map(({ type, components }) => ({ type, components: components.map(({ id: _, ...rest }) => rest) }));

describe("message components over REST", () => {
  const env = useTestServer({ server: { rateLimits: false } });
  const path = () => `/channels/${env.world.text.id}/messages`;
  const post = (body: unknown) => env.bot.post(path(), body);
  const sendComponents = (components: unknown) => post({ content: "components", components });

  /** Sends `components` and answers the message, checked against the reference's OpenAPI. */
  const sent = async (components: unknown): Promise<Wire> => {
    const res = await sendComponents(components);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(validateResponse("post", "/channels/{channel_id}/messages", 200, body)).toEqual([]);
    return body as Wire;
  };

  /** A 50035 whose `errors` hold a leaf with `code` at `field` (`["components", 0, "type"]`). */
  const expectRefused = async (res: Response, field: (string | number)[], code: string) => {
    const body = await expectError(res, 400, 50035);
    const leaf = field.reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[String(key)],
      body.errors,
    ) as { _errors?: unknown[] } | undefined;
    expect(leaf?._errors, JSON.stringify(body.errors)).toContainEqual({ code, message: expect.any(String) });
    return body;
  };
  const refused = (components: unknown, field: (string | number)[], code: string) =>
    sendComponents(components).then((res) => expectRefused(res, field, code));
  const at = (entry: number, ...rest: (string | number)[]) => ["components", 0, "components", entry, ...rest];

  describe("accepted shapes come back as sent", () => {
    it("a row of buttons of every style, with labels, emoji and disabled", async () => {
      const buttons = [
        button("primary", { emoji: { name: "👍" } }),
        button("secondary", { style: 2, disabled: true }),
        button("success", { style: 3, emoji: { id: "41771983429993937", name: "custom", animated: true } }),
        { type: 2, style: 4, custom_id: "danger", emoji: { id: "41771983429993938", name: "icon" } },
        { type: 2, style: 5, label: "Site", url: "https://example.org/path?q=1" },
      ];
      const answer = await sent([row(...buttons)]);
      expect(withoutIds(answer.components)).toEqual([row(...buttons)]);
      const fetched = (await (await env.bot.get(`${path()}/${answer.id}`)).json()) as Wire;
      expect(fetched.components).toEqual(answer.components);
    });

    it("a string select with options, placeholder and a value range", async () => {
      const options = [
        option("a", { description: "first", emoji: { name: "🅰️" }, default: true }),
        option("b"),
        option("c"),
      ];
      const menu = {
        type: 3,
        custom_id: "pick",
        placeholder: "Choose",
        min_values: 0,
        max_values: 3,
        disabled: false,
        options,
      };
      expect(withoutIds((await sent([row(menu)])).components)).toEqual([row(menu)]);
    });

    it("user, role, mentionable and channel selects with default values", async () => {
      const rows = [
        row({ type: 5, custom_id: "users", min_values: 1, max_values: 2, default_values: [{ id: "7", type: "user" }] }),
        row({
          type: 6,
          custom_id: "roles",
          min_values: 1,
          max_values: 1,
          placeholder: "A role",
          default_values: [{ id: "8", type: "role" }],
        }),
        row({
          type: 7,
          custom_id: "mentionables",
          min_values: 0,
          max_values: 2,
          default_values: [
            { id: "7", type: "user" },
            { id: "8", type: "role" },
          ],
        }),
        row({
          type: 8,
          custom_id: "channels",
          min_values: 1,
          max_values: 1,
          channel_types: [0, 2],
          default_values: [{ id: "9", type: "channel" }],
        }),
      ];
      expect(withoutIds((await sent(rows)).components)).toEqual(rows);
    });

    it("keys a component does not have are dropped, and nulls left out", async () => {
      const answer = await sent([
        row(button("tidy", { junk: "x", sku_id: "1", url: null, emoji: null, options: [1] })),
      ]);
      expect(withoutIds(answer.components)).toEqual([row(button("tidy"))]);
    });
  });

  describe("action rows", () => {
    it("at most 5 action rows", async () => {
      await sent(Array.from({ length: 5 }, (_, i) => row(button(`b${i}`))));
      await refused(
        Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))),
        ["components"],
        "BASE_TYPE_MAX_LENGTH",
      );
    });

    it("a row holds 1–5 buttons: an empty row and a sixth button are refused", async () => {
      await refused([row()], ["components", 0, "components"], "BASE_TYPE_BAD_LENGTH");
      await refused(
        [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))],
        ["components", 0, "components"],
        "BASE_TYPE_BAD_LENGTH",
      );
      await refused([{ type: 1 }], ["components", 0, "components"], "BASE_TYPE_REQUIRED");
    });

    it("a select fills its row: beside a button or another select it is refused", async () => {
      await refused([row(button("b"), select("s"))], at(1), "COMPONENT_LAYOUT_WIDTH_EXCEEDED");
      await refused([row(select("s1"), select("s2"))], at(1), "COMPONENT_LAYOUT_WIDTH_EXCEEDED");
      await refused([row({ type: 5, custom_id: "u" }, button("b"))], at(1), "COMPONENT_LAYOUT_WIDTH_EXCEEDED");
    });

    it("a row inside a row is refused", async () => {
      await refused([row(row(button("b")))], at(0), "UNION_TYPE_CHOICES");
    });
  });

  describe("buttons", () => {
    it("style is 1–5; a missing style and premium buttons (6, sku_id) are refused", async () => {
      await refused([row({ type: 2, label: "x", custom_id: "x" })], at(0, "style"), "BASE_TYPE_REQUIRED");
      for (const style of [0, 6, 7])
        await refused([row(button("x", { style, sku_id: "1" }))], at(0, "style"), "BASE_TYPE_CHOICES");
    });

    it("a link button needs an http or https url and no custom_id", async () => {
      const link = (extra: Record<string, unknown>) => [row({ type: 2, style: 5, label: "go", ...extra })];
      await sent(link({ url: "http://example.org" }));
      await refused(link({}), at(0, "url"), "BUTTON_COMPONENT_URL_REQUIRED");
      for (const url of ["javascript:alert(1)", "ftp://example.org/file", "data:text/html,x"])
        await refused(link({ url }), at(0, "url"), "URL_TYPE_INVALID_SCHEME");
      await refused(link({ url: "not a url" }), at(0, "url"), "URL_TYPE_INVALID_URL");
      await refused(link({ url: `https://example.org/${"x".repeat(512)}` }), at(0, "url"), "BASE_TYPE_MAX_LENGTH");
      await refused(
        link({ url: "https://example.org", custom_id: "c" }),
        at(0, "custom_id"),
        "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
      );
    });

    it("buttons of styles 1–4 need a custom_id and no url", async () => {
      for (const style of [1, 2, 3, 4]) {
        await refused([row({ type: 2, style, label: "x" })], at(0, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED");
        await refused(
          [row(button("x", { style, url: "https://example.org" }))],
          at(0, "url"),
          "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
        );
      }
    });

    it("a label is at most 80 characters", async () => {
      await sent([row(button("x", { label: "l".repeat(80) }))]);
      const body = await refused([row(button("x", { label: "l".repeat(81) }))], at(0, "label"), "BASE_TYPE_MAX_LENGTH");
      expect(JSON.stringify(body.errors)).toContain("Must be 80 or fewer in length.");
    });

    it("a button needs a label, an emoji, or both", async () => {
      await sent([row({ type: 2, style: 1, custom_id: "emoji-only", emoji: { name: "🔥" } })]);
      await refused(
        [row({ type: 2, style: 1, custom_id: "bare" })],
        at(0, "label"),
        "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
      );
      await refused(
        [row({ type: 2, style: 1, custom_id: "empty", label: "" })],
        at(0, "label"),
        "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
      );
    });

    it("emoji is { id, name, animated } with a name, and disabled a boolean", async () => {
      await refused([row(button("x", { emoji: {} }))], at(0, "emoji", "name"), "BASE_TYPE_REQUIRED");
      await refused([row(button("x", { emoji: { name: "" } }))], at(0, "emoji"), "BUTTON_COMPONENT_INVALID_EMOJI");
      await refused(
        [row(button("x", { emoji: { id: "not-an-id", name: "custom" } }))],
        at(0, "emoji", "id"),
        "BASE_TYPE_INVALID",
      );
      await refused(
        [row(button("x", { emoji: { name: "🔥", animated: "yes" } }))],
        at(0, "emoji", "animated"),
        "BASE_TYPE_INVALID",
      );
      await refused([row(button("x", { disabled: "yes" }))], at(0, "disabled"), "BASE_TYPE_INVALID");
    });
  });

  describe("string selects", () => {
    it("need a custom_id and 1–25 options", async () => {
      await sent([row(select("max", { options: Array.from({ length: 25 }, (_, i) => option(`v${i}`)) }))]);
      await refused([row({ type: 3, options: [option("a")] })], at(0, "custom_id"), "BASE_TYPE_REQUIRED");
      await refused([row({ type: 3, custom_id: "s" })], at(0, "options"), "BASE_TYPE_REQUIRED");
      await refused([row(select("s", { options: [] }))], at(0, "options"), "BASE_TYPE_BAD_LENGTH");
      await refused(
        [row(select("s", { options: Array.from({ length: 26 }, (_, i) => option(`v${i}`)) }))],
        at(0, "options"),
        "BASE_TYPE_BAD_LENGTH",
      );
    });

    it("each option has a label and a value up to 100 characters, a description up to 100, default a boolean", async () => {
      const withOption = (o: Record<string, unknown>) => [row(select("s", { options: [o] }))];
      await refused(withOption({ value: "v" }), at(0, "options", 0, "label"), "BASE_TYPE_REQUIRED");
      await refused(
        withOption({ label: "l", value: "v".repeat(101) }),
        at(0, "options", 0, "value"),
        "BASE_TYPE_BAD_LENGTH",
      );
      await refused(
        withOption({ label: "l".repeat(101), value: "v" }),
        at(0, "options", 0, "label"),
        "BASE_TYPE_BAD_LENGTH",
      );
      await refused(
        withOption(option("v", { description: "d".repeat(101) })),
        at(0, "options", 0, "description"),
        "BASE_TYPE_MAX_LENGTH",
      );
      await refused(withOption(option("v", { default: "yes" })), at(0, "options", 0, "default"), "BASE_TYPE_INVALID");
      await refused(
        [row(select("s", { options: [option("v"), option("v")] }))],
        at(0, "options", 1, "value"),
        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
      );
    });

    it("min_values and max_values are 0–25, min not above max, max not above the options", async () => {
      await refused([row(select("s", { min_values: -1 }))], at(0, "min_values"), "NUMBER_TYPE_MIN");
      await refused([row(select("s", { max_values: 26 }))], at(0, "max_values"), "NUMBER_TYPE_MAX");
      await refused([row(select("s", { min_values: 2, max_values: 1 }))], at(0, "min_values"), "NUMBER_TYPE_MAX");
      await refused([row(select("s", { max_values: 3 }))], at(0, "options"), "BASE_TYPE_MIN_LENGTH");
      const defaults = [option("a", { default: true }), option("b", { default: true })];
      await refused(
        [row(select("s", { options: defaults }))],
        at(0, "options"),
        "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
      );
    });
  });

  describe("selects of every kind", () => {
    it("placeholder is at most 150 characters", async () => {
      for (const menu of [select("s"), { type: 5, custom_id: "u" }, { type: 8, custom_id: "c" }]) {
        await sent([row({ ...menu, placeholder: "p".repeat(150) })]);
        await refused([row({ ...menu, placeholder: "p".repeat(151) })], at(0, "placeholder"), "BASE_TYPE_MAX_LENGTH");
      }
    });

    it("user, role, mentionable and channel selects need a custom_id and values 0–25", async () => {
      for (const type of [5, 6, 7, 8]) {
        await refused([row({ type })], at(0, "custom_id"), "BASE_TYPE_REQUIRED");
        await refused([row({ type, custom_id: "m", max_values: 26 })], at(0, "max_values"), "NUMBER_TYPE_MAX");
        await refused(
          [row({ type, custom_id: "m", min_values: 3, max_values: 2 })],
          at(0, "min_values"),
          "NUMBER_TYPE_MAX",
        );
      }
    });

    it("default_values match the select's kind and are at most max_values", async () => {
      const menu = (type: number, ...values: [string, string][]) => [
        row({ type, custom_id: "m", max_values: 1, default_values: values.map(([id, kind]) => ({ id, type: kind })) }),
      ];
      await refused(menu(5, ["1", "role"]), at(0, "default_values", 0, "type"), "BASE_TYPE_CHOICES");
      await refused(menu(6, ["1", "user"]), at(0, "default_values", 0, "type"), "BASE_TYPE_CHOICES");
      await refused(menu(7, ["1", "channel"]), at(0, "default_values", 0, "type"), "BASE_TYPE_CHOICES");
      await refused(menu(8, ["1", "user"]), at(0, "default_values", 0, "type"), "BASE_TYPE_CHOICES");
      await refused(menu(5, ["abc", "user"]), at(0, "default_values", 0, "id"), "BASE_TYPE_INVALID");
      await refused(
        menu(5, ["1", "user"], ["2", "user"]),
        at(0, "default_values"),
        "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
      );
    });

    it("channel_types of a channel select are channel type numbers", async () => {
      await refused(
        [row({ type: 8, custom_id: "c", channel_types: ["text"] })],
        at(0, "channel_types", 0),
        "NUMBER_TYPE_COERCE",
      );
      await refused(
        [row({ type: 8, custom_id: "c", channel_types: [0, 999] })],
        at(0, "channel_types", 1),
        "BASE_TYPE_CHOICES",
      );
    });
  });

  describe("custom_id", () => {
    it("is 1–100 characters", async () => {
      await sent([row(button("x".repeat(100), { label: "long id" }))]);
      for (const id of ["", "x".repeat(101)]) {
        await refused([row(button(id, { label: "b" }))], at(0, "custom_id"), "BASE_TYPE_BAD_LENGTH");
        await refused([row(select(id))], at(0, "custom_id"), "BASE_TYPE_BAD_LENGTH");
      }
    });

    it("is unique within the message, across rows and kinds", async () => {
      await refused([row(button("same"), button("same"))], at(1, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED");
      await refused(
        [row(button("same")), row(select("same"))],
        ["components", 1, "components", 0, "custom_id"],
        "COMPONENT_CUSTOM_ID_DUPLICATED",
      );
    });
  });

  describe("what messages cannot hold", () => {
    it("text inputs and labels belong to forms and are refused in messages", async () => {
      await refused([row({ type: 4, custom_id: "t", style: 1, label: "Name" })], at(0), "UNION_TYPE_CHOICES");
      await refused(
        [{ type: 18, label: "Name", component: { type: 4, custom_id: "t", style: 1 } }],
        ["components", 0],
        "UNION_TYPE_CHOICES",
      );
    });

    it("layout components (types 9–17) are refused, at the top level and inside a row", async () => {
      for (const type of [9, 10, 11, 12, 13, 14, 17]) {
        await refused([{ type, content: "x", components: [] }], ["components", 0], "UNION_TYPE_CHOICES");
        await refused([row({ type, content: "x" })], at(0), "UNION_TYPE_CHOICES");
      }
    });

    it("the IS_COMPONENTS_V2 flag (1 << 15) is refused on send and on edit", async () => {
      await expectRefused(
        await post({ content: "v2", flags: 1 << 15 }),
        ["flags"],
        "MESSAGE_FLAGS_COMPONENTS_V2_UNSUPPORTED",
      );
      await expectRefused(
        await post({ components: [{ type: 10, content: "x" }], flags: (1 << 15) | 4 }),
        ["flags"],
        "MESSAGE_FLAGS_COMPONENTS_V2_UNSUPPORTED",
      );
      const message = await sent([row(button("b"))]);
      await expectRefused(
        await env.bot.patch(`${path()}/${message.id}`, { flags: 1 << 15 }),
        ["flags"],
        "MESSAGE_FLAGS_COMPONENTS_V2_UNSUPPORTED",
      );
    });

    it("a message whose components an Oceanic.js client would fail to parse is refused", async () => {
      // An unknown type, one inside a nested row, a layout component without its parts.
      for (const components of [[row({ type: 99, custom_id: "x" })], [row(row({ type: 99 }))], [row({ type: 12 })]]) {
        // Oceanic.js runs this parser on every message it receives; such a message would throw in it.
        expect(() => Util.rawMessageComponents(components as never)).toThrow();
        await refused(components, at(0), "UNION_TYPE_CHOICES");
      }
    });
  });

  describe("editing", () => {
    it("an edit checks components the same way and stores the validated shape", async () => {
      const message = await sent([row(button("before"))]);
      const edit = (components: unknown) => env.bot.patch(`${path()}/${message.id}`, { components });
      await expectRefused(
        await edit([row(button("b", { style: 5 }))]),
        at(0, "custom_id"),
        "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
      );
      await expectRefused(await edit([row({ type: 99 })]), at(0), "UNION_TYPE_CHOICES");
      const res = await edit([row(button("after", { junk: 1 })), row(select("menu"))]);
      expect(res.status).toBe(200);
      const fetched = (await (await env.bot.get(`${path()}/${message.id}`)).json()) as Wire;
      expect(withoutIds(fetched.components)).toEqual([
        row(button("after")),
        row({ ...select("menu"), min_values: 1, max_values: 1 }),
      ]);
    });
  });

  describe("direct messages", () => {
    let dm: bigint;
    beforeAll(async () => {
      const channel = await env.t.server.ctx.database.prisma.channel.create({
        data: { type: 1, recipients: { create: [{ userId: env.world.owner.id }, { userId: env.world.botUserId }] } },
      });
      dm = channel.id;
    });

    it("components in a DM are refused on send and edit with 50035 naming components", async () => {
      await expectRefused(
        await env.bot.post(`/channels/${dm}/messages`, { content: "x", components: [row(button("b"))] }),
        ["components"],
        "COMPONENTS_NOT_ALLOWED",
      );
      const plain = await env.bot.post(`/channels/${dm}/messages`, { content: "plain" });
      const { id } = (await plain.json()) as Wire;
      await expectRefused(
        await env.bot.patch(`/channels/${dm}/messages/${id}`, { components: [row(button("b"))] }),
        ["components"],
        "COMPONENTS_NOT_ALLOWED",
      );
    });
  });

  describe("what bot libraries read", () => {
    it("a message with a button row and a select row parses in Oceanic.js's and discord.js's own parsers", async () => {
      const answer = await sent([
        row(button("yes", { emoji: { name: "✅" } }), { type: 2, style: 5, label: "Docs", url: "https://example.org" }),
        row(select("menu")),
      ]);
      expect(Util.rawMessageComponents(answer.components as never)).toMatchObject([
        {
          type: 1,
          components: [
            { type: 2, customID: "yes", label: "yes", style: 1 },
            { type: 2, style: 5, url: "https://example.org" },
          ],
        },
        {
          type: 1,
          components: [
            { type: 3, customID: "menu", minValues: 1, maxValues: 1, options: [{ value: "a" }, { value: "b" }] },
          ],
        },
      ]);
      const [buttons, menus] = answer.components.map((data) => new DiscordActionRow(data));
      expect(buttons?.components.map((c) => c.customId ?? null)).toEqual(["yes", null]);
      expect(menus?.components[0]?.customId).toBe("menu");
    });

    it("components stored before they were validated are answered as none", async () => {
      const message = await sent([row(button("ok"))]);
      await env.t.server.ctx.database.prisma.message.update({
        where: { id: BigInt(message.id) },
        data: { components: [row({ type: 99 })] as object[] },
      });
      const fetched = (await (await env.bot.get(`${path()}/${message.id}`)).json()) as Wire;
      expect(fetched.components).toEqual([]);
    });
  });
});
