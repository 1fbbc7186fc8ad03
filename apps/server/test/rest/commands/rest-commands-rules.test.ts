import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { commandsPath, conforming, contextMenu, expectFieldError, slash, templates } from "./rest-commands-fixtures";
import { expectError } from "../../support/rest-fixtures";

const text = (n: number, c = "a") => c.repeat(n);
const option = <E extends Record<string, unknown>>(name: string, extra?: E) =>
  ({ type: 3, name, description: `the ${name} option`, ...extra }) as {
    type: number;
    name: string;
    description: string;
  } & E;
const sub = (name: string, options: unknown[] = []) => ({
  type: 1,
  name,
  description: `the ${name} subcommand`,
  options,
});
const group = (name: string, options: unknown[]) => ({ type: 2, name, description: `the ${name} group`, options });
const choices = (n: number, make: (i: number) => unknown = (i) => ({ name: `choice ${i}`, value: `v${i}` })) =>
  Array.from({ length: n }, (_, i) => make(i));

/** Command records breaking one rule of the spec's command record each, and the field the 50035 names. */
const BROKEN: [rule: string, body: unknown, path: string][] = [
  ["a slash name in upper case", slash("Ping"), "name"],
  ["a slash name with a space", slash("two words"), "name"],
  ["a slash name with a dot", slash("a.b"), "name"],
  ["a name of 33 characters", slash(text(33)), "name"],
  ["an empty name", slash(""), "name"],
  ["no name", { description: "nameless" }, "name"],
  ["a user command name of 33 characters", contextMenu(2, text(33, "A")), "name"],
  ["type 4 (entry point)", { ...slash("entry"), type: 4 }, "type"],
  ["type 0", { ...slash("zero"), type: 0 }, "type"],
  ["type as a string", { ...slash("typed"), type: "1" }, "type"],
  ["a slash command without a description", { name: "bare" }, "description"],
  ["a slash command with an empty description", slash("bare", { description: "" }), "description"],
  ["a description of 101 characters", slash("long", { description: text(101) }), "description"],
  ["a user command with a description", { ...contextMenu(2, "Who"), description: "about someone" }, "description"],
  [
    "a message command with description localisations",
    { ...contextMenu(3, "What"), description_localizations: { fr: "quoi" } },
    "description_localizations",
  ],
  ["a message command with options", { ...contextMenu(3, "What"), options: [option("o")] }, "options"],
  ["26 options", slash("many", { options: Array.from({ length: 26 }, (_, i) => option(`o${i}`)) }), "options"],
  [
    "a required option after an optional one",
    slash("order", { options: [option("a"), option("b", { required: true })] }),
    "options.1.required",
  ],
  [
    "two options of one name",
    slash("twice", { options: [option("same"), option("same", { type: 4 })] }),
    "options.1.name",
  ],
  [
    "an option name in upper case",
    slash("opt", { options: [option("ok"), option("ok2"), option("Bad")] }),
    "options.2.name",
  ],
  [
    "an option without a description",
    slash("opt", { options: [{ type: 3, name: "nodesc" }] }),
    "options.0.description",
  ],
  ["option type 12", slash("opt", { options: [option("x", { type: 12 })] }), "options.0.type"],
  ["option type 0", slash("opt", { options: [option("x", { type: 0 })] }), "options.0.type"],
  ["a subcommand beside a plain option", slash("mix", { options: [sub("run"), option("plain")] }), "options.1.type"],
  [
    "a group beside a plain option",
    slash("mix", { options: [option("plain"), group("g", [sub("s")])] }),
    "options.0.type",
  ],
  [
    "a plain option inside a group",
    slash("deep", { options: [group("g", [option("plain")])] }),
    "options.0.options.0.type",
  ],
  [
    "a group inside a group",
    slash("deep", { options: [group("g", [group("inner", [sub("s")])])] }),
    "options.0.options.0.type",
  ],
  [
    "a subcommand inside a subcommand",
    slash("deep", { options: [sub("outer", [sub("inner")])] }),
    "options.0.options.0.type",
  ],
  [
    "options under a plain option",
    slash("deep", { options: [option("plain", { options: [option("inner")] })] }),
    "options.0.options",
  ],
  [
    "a rule broken three levels down",
    slash("deep", { options: [group("g", [sub("s", [option("UPPER")])])] }),
    "options.0.options.0.options.0.name",
  ],
  [
    "choices on a boolean option",
    slash("c", { options: [option("b", { type: 5, choices: [{ name: "yes", value: "y" }] })] }),
    "options.0.choices",
  ],
  ["26 choices", slash("c", { options: [option("s", { choices: choices(26) })] }), "options.0.choices"],
  [
    "a number as a string option's choice",
    slash("c", { options: [option("s", { choices: [{ name: "one", value: 1 }] })] }),
    "options.0.choices.0.value",
  ],
  [
    "a fraction as an integer option's choice",
    slash("c", { options: [option("i", { type: 4, choices: [{ name: "half", value: 1.5 }] })] }),
    "options.0.choices.0.value",
  ],
  [
    "a string choice value of 101 characters",
    slash("c", { options: [option("s", { choices: [{ name: "long", value: text(101) }] })] }),
    "options.0.choices.0.value",
  ],
  [
    "a choice name of 101 characters",
    slash("c", { options: [option("s", { choices: [{ name: text(101), value: "v" }] })] }),
    "options.0.choices.0.name",
  ],
  [
    "choices with autocomplete",
    slash("c", { options: [option("s", { autocomplete: true, choices: choices(2) })] }),
    "options.0.autocomplete",
  ],
  [
    "autocomplete on a user option",
    slash("c", { options: [option("u", { type: 6, autocomplete: true })] }),
    "options.0.autocomplete",
  ],
  ["min_value on a string option", slash("r", { options: [option("s", { min_value: 1 })] }), "options.0.min_value"],
  [
    "a fractional min_value on an integer option",
    slash("r", { options: [option("i", { type: 4, min_value: 0.5 })] }),
    "options.0.min_value",
  ],
  [
    "max_value below min_value",
    slash("r", { options: [option("n", { type: 10, min_value: 5, max_value: 1 })] }),
    "options.0.max_value",
  ],
  [
    "max_value past 2^53",
    slash("r", { options: [option("n", { type: 10, max_value: 2 ** 54 })] }),
    "options.0.max_value",
  ],
  ["min_length over 6000", slash("l", { options: [option("s", { min_length: 6001 })] }), "options.0.min_length"],
  ["max_length of 0", slash("l", { options: [option("s", { max_length: 0 })] }), "options.0.max_length"],
  [
    "max_length below min_length",
    slash("l", { options: [option("s", { min_length: 10, max_length: 5 })] }),
    "options.0.max_length",
  ],
  [
    "min_length on an integer option",
    slash("l", { options: [option("i", { type: 4, min_length: 1 })] }),
    "options.0.min_length",
  ],
  [
    "channel_types on a string option",
    slash("ch", { options: [option("s", { channel_types: [0] })] }),
    "options.0.channel_types",
  ],
  [
    "an unknown channel type",
    slash("ch", { options: [option("c", { type: 7, channel_types: [0, 99] })] }),
    "options.0.channel_types.1",
  ],
  [
    "default_member_permissions that are no bit field",
    slash("p", { default_member_permissions: "abc" }),
    "default_member_permissions",
  ],
  ["nsfw that is no boolean", slash("n", { nsfw: "yes" }), "nsfw"],
  ["an unknown locale", slash("loc", { name_localizations: { xx: "nom" } }), "name_localizations.xx"],
  [
    "a localised slash name in upper case",
    slash("loc", { name_localizations: { fr: "Nom" } }),
    "name_localizations.fr",
  ],
  [
    "a localised description of 101 characters",
    slash("loc", { description_localizations: { de: text(101) } }),
    "description_localizations.de",
  ],
  [
    "a localised option name with a space",
    slash("loc", { options: [option("o", { name_localizations: { fr: "deux mots" } })] }),
    "options.0.name_localizations.fr",
  ],
  ["an unknown context", slash("ctx", { contexts: [0, 5] }), "contexts.1"],
  ["empty integration_types", slash("ctx", { integration_types: [] }), "integration_types"],
  ["dm_permission that is no boolean", slash("ctx", { dm_permission: "no" }), "dm_permission"],
];

/**
 * A command of exactly 8000 counted characters: a 32-character name and 99-character
 * description, 25 options of 32 + 100, 22 choices of 100 + 100 and one of 69 + 100.
 */
function eightThousand() {
  const options = Array.from({ length: 25 }, (_, i) =>
    option(`${text(29, "o")}${String(i).padStart(3, "0")}`, { description: text(100, "d"), choices: [] as unknown[] }),
  );
  for (let i = 0; i < 22; i++)
    options[i]!.choices.push({ name: `${text(97, "n")}${String(i).padStart(3, "0")}`, value: text(100, "v") });
  options[22]!.choices.push({ name: text(69, "n"), value: text(100, "v") });
  return slash(text(32, "c"), { description: text(99, "d"), options });
}

describe("the command record's rules", () => {
  // Rate limits off: this file sends many requests a second; the global limit has its own tests.
  const env = useTestServer({ server: { rateLimits: false } });
  const global = () => commandsPath(env.world);

  it.each(BROKEN)("refuses %s with 50035 naming the field, and stores nothing", async (_rule, body, path) => {
    const refused = await expectError(await env.bot.post(global(), body), 400, 50035);
    expectFieldError(refused.errors, path);
    expect(await (await env.bot.get(global())).json()).toEqual([]);
  });

  it("names every broken rule of a body at once", async () => {
    const refused = await expectError(
      await env.bot.post(global(), slash("Bad", { description: "", options: [option("x", { type: 12 })] })),
      400,
      50035,
    );
    for (const path of ["name", "description", "options.0.type"]) expectFieldError(refused.errors, path);
  });

  it("accepts slash names in any script's lower case, with - _ ', and user and message names in any case with spaces", async () => {
    for (const name of ["ping-pong_it's", "café", "日本語", "नमस्ते", "ทดสอบ", "ñandú42", text(32)]) {
      expect((await env.bot.post(global(), slash(name))).status, name).toBe(201);
    }
    for (const command of [
      contextMenu(2, "Report This User"),
      contextMenu(3, "Quote · Message"),
      { ...contextMenu(2, text(32, "A")), description: "" },
    ]) {
      expect((await env.bot.post(global(), command)).status, command.name).toBe(201);
    }
    await env.bot.put(global(), []);
  });

  it("accepts every option kind with its own fields and answers them, groups of subcommands nested as deep as the reference allows", async () => {
    const options = [
      group("config", [
        sub("set", [
          option("key", { required: true, min_length: 1, max_length: 50, name_localizations: { fr: "clé" } }),
          option("count", { type: 4, min_value: -5, max_value: 5, required: false }),
          option("ratio", { type: 10, choices: [{ name: "half", value: 0.5, name_localizations: { de: "halb" } }] }),
          option("where", { type: 7, channel_types: [0, 2, 11] }),
          option("who", { type: 6 }),
          option("role", { type: 8 }),
          option("any", { type: 9 }),
          option("file", { type: 11 }),
          option("yes", { type: 5 }),
          option("lookup", { autocomplete: true }),
        ]),
      ]),
      sub("reset"),
    ];
    const command = await conforming(
      await env.bot.post(global(), slash("settings", { options })),
      "post",
      templates(false).list,
      201,
    );
    const leaf = (command.options?.[0] as { options: { options: Record<string, unknown>[] }[] }).options[0]!.options;
    expect(leaf[0]).toEqual({
      type: 3,
      name: "key",
      name_localizations: { fr: "clé" },
      description: "the key option",
      required: true,
      min_length: 1,
      max_length: 50,
    });
    expect(leaf[1]).toEqual({ type: 4, name: "count", description: "the count option", min_value: -5, max_value: 5 });
    expect(leaf[2]).toMatchObject({ choices: [{ name: "half", value: 0.5, name_localizations: { de: "halb" } }] });
    expect(leaf[3]).toMatchObject({ channel_types: [0, 2, 11] });
    expect(leaf[9]).toMatchObject({ autocomplete: true });
    expect(command.options?.[1]).toEqual({ type: 1, name: "reset", description: "the reset subcommand" });
    await env.bot.put(global(), []);
  });

  it("counts names, descriptions and choice names and values, at their longest localisation, against 8000 characters", async () => {
    expect((await env.bot.post(global(), eightThousand())).status).toBe(201);
    const localised = { ...eightThousand(), name: "other", name_localizations: { fr: text(32, "c") } };
    expect((await env.bot.post(global(), localised)).status).toBe(201);
    const over = { ...eightThousand(), description_localizations: { de: text(100, "d") } };
    const refused = await expectError(await env.bot.post(global(), over), 400, 50035);
    expectFieldError(refused.errors, "");
    await env.bot.put(global(), []);
  });

  it("names the entry of a bulk overwrite by its index, and refuses two commands of one type and name in the list", async () => {
    const invalid = await expectError(await env.bot.put(global(), [slash("fine"), slash("Not Fine")]), 400, 50035);
    expectFieldError(invalid.errors, "1.name");
    const twice = await expectError(
      await env.bot.put(global(), [slash("dup"), contextMenu(2, "dup"), slash("dup", { description: "again" })]),
      400,
      50035,
    );
    expectFieldError(twice.errors, "2.name");
    for (const body of [{}, slash("notalist"), "x", 5])
      await expectError(await env.bot.put(global(), body), 400, 50035);
    expect(await (await env.bot.get(global())).json()).toEqual([]);
  });
});
