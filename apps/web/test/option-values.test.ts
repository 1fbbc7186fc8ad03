import type { CommandOptionView, CommandView } from "@chat/api";
import { describe, expect, it } from "vitest";
import type { SlashEntry } from "../src/components/chat/commands/command-entries";
import {
  autocompleteOptions,
  checkOption,
  checkOptions,
  interactionOptions,
} from "../src/components/chat/commands/option-values";

function option(
  type: CommandOptionView["type"],
  name: string,
  extra: Partial<CommandOptionView> = {},
): CommandOptionView {
  return {
    type,
    name,
    description: name,
    required: false,
    choices: [],
    minValue: null,
    maxValue: null,
    minLength: null,
    maxLength: null,
    channelTypes: [],
    autocomplete: false,
    options: [],
    ...extra,
  };
}

function entry(options: CommandOptionView[], path: string[] = []): SlashEntry {
  const command: CommandView = { id: "1", applicationId: "2", type: 1, name: "cmd", description: "d", options };
  return {
    key: "k",
    command,
    application: { id: "2", name: "Bot", iconUrl: null, botId: "3" },
    path,
    label: ["cmd", ...path].join(" "),
    description: "d",
    options,
  };
}

describe("checking an option before the command is sent", () => {
  it("asks for a required option by what it needs, and lets an empty optional one be", () => {
    expect(checkOption(option(3, "text", { required: true }), "  ")).toBe("Fill in text: it is required.");
    expect(checkOption(option(6, "whom", { required: true }), undefined)).toBe("Fill in whom: choose a member.");
    expect(checkOption(option(3, "text"), "")).toBeNull();
  });

  it("holds integers to whole numbers within their limits, and numbers to finite ones", () => {
    const minutes = option(4, "minutes", { minValue: 1, maxValue: 600 });
    expect(checkOption(minutes, "2.5")).toBe("minutes must be a whole number.");
    expect(checkOption(minutes, "0")).toBe("minutes must be at least 1.");
    expect(checkOption(minutes, "601")).toBe("minutes must be at most 600.");
    expect(checkOption(minutes, " 15 ")).toBeNull();
    expect(checkOption(option(4, "big"), String(2 ** 53 + 2))).toBe("big is too large.");
    expect(checkOption(option(10, "ratio"), "abc")).toBe("ratio must be a number.");
    expect(checkOption(option(10, "ratio"), "-0.25")).toBeNull();
  });

  it("counts characters, not UTF-16 units, against text lengths", () => {
    const name = option(3, "name", { minLength: 2, maxLength: 3 });
    expect(checkOption(name, "a")).toBe("name needs at least 2 characters (now 1).");
    expect(checkOption(name, "😀😀😀")).toBeNull();
    expect(checkOption(name, "abcd")).toBe("name can have at most 3 characters (now 4).");
  });

  it("takes only one of the choices when there are choices, and yes or no for a boolean", () => {
    const answer = option(3, "answer", { choices: [{ name: "Yes", value: "yes" }] });
    expect(checkOption(answer, "maybe")).toBe("Pick one of the choices for answer.");
    expect(checkOption(answer, "yes")).toBeNull();
    expect(checkOption(option(5, "loud"), "perhaps")).toBe("Choose yes or no for loud.");
  });

  it("names every option with a problem, and none when the command can go", () => {
    const options = [option(3, "text", { required: true }), option(4, "times", { maxValue: 3 })];
    expect(checkOptions(options, { times: "4" })).toEqual({
      text: "Fill in text: it is required.",
      times: "times must be at most 3.",
    });
    expect(checkOptions(options, { text: "hi", times: "3" })).toEqual({});
  });
});

describe("the options as the interaction's data carries them", () => {
  it("sends typed values (numbers, booleans, a choice's own value) and leaves out empty optional ones", () => {
    const options = [
      option(3, "text"),
      option(4, "times"),
      option(5, "loud"),
      option(4, "level", { choices: [{ name: "High", value: 3 }] }),
      option(3, "note"),
    ];
    expect(
      interactionOptions(entry(options), {
        text: " keep my spaces ",
        times: " 2 ",
        loud: "false",
        level: "3",
        note: "",
      }),
    ).toEqual([
      { name: "text", type: 3, value: " keep my spaces " },
      { name: "times", type: 4, value: 2 },
      { name: "loud", type: 5, value: false },
      { name: "level", type: 4, value: 3 },
    ]);
  });

  it("nests the filled options under the subcommand, and the subcommand under its group", () => {
    const question = [option(3, "question")];
    expect(interactionOptions(entry(question, ["create"]), { question: "Why?" })).toEqual([
      { type: 1, name: "create", options: [{ name: "question", type: 3, value: "Why?" }] },
    ]);
    expect(interactionOptions(entry(question, ["poll", "create"]), { question: "Why?" })).toEqual([
      {
        type: 2,
        name: "poll",
        options: [{ type: 1, name: "create", options: [{ name: "question", type: 3, value: "Why?" }] }],
      },
    ]);
  });
});

describe("what an autocomplete request carries", () => {
  it("the focused option with what is typed (a string, whatever its type), and only the valid others; never files", () => {
    const options = [
      option(4, "count", { autocomplete: true }),
      option(3, "note", { maxLength: 3 }),
      option(5, "loud"),
      option(11, "file"),
    ];
    const file = new File(["x"], "x.txt");
    expect(
      autocompleteOptions(entry(options, ["find"]), { note: "too long", loud: "true", file }, "count", "1"),
    ).toEqual([
      {
        type: 1,
        name: "find",
        options: [
          { name: "count", type: 4, value: "1", focused: true },
          { name: "loud", type: 5, value: true },
        ],
      },
    ]);
  });
});
