import type { ScheduledEventView } from "@chat/api";
import { describe, expect, it } from "vitest";
import { changedFields, draftInput, draftOf, newDraft } from "../src/components/events/event-draft";
import { toLocalFields } from "../src/components/events/event-times";
import { repeatRule } from "../src/components/events/repeat-words";

const START = new Date(Date.UTC(2030, 2, 15, 18, 0));

const gameNight: ScheduledEventView = {
  id: "9",
  guildId: "1",
  name: "Game night",
  description: null,
  status: "scheduled",
  kind: "voice",
  channelId: "5",
  channelName: "General",
  location: null,
  start: START.toISOString(),
  end: null,
  repeat: repeatRule("weekly", START),
  coverUrl: "/event-covers/9/0123456789abcdef0123456789abcdef",
  interestedCount: 1,
  interested: true,
  creatorName: "ann",
  canManage: true,
};

function inputOf(draft: ReturnType<typeof draftOf>) {
  const made = draftInput(draft);
  if ("problems" in made) throw new Error(JSON.stringify(made.problems));
  return made.input;
}

describe("the event form's draft", () => {
  it("sends nothing for an edit that changes nothing, the stored rule and cover included", () => {
    expect(changedFields(gameNight, inputOf(draftOf(gameNight)))).toEqual({});
  });

  it("sends only what changed: a name, a new start with its rule made again, a place as a whole, a cover", () => {
    const draft = draftOf(gameNight);
    expect(changedFields(gameNight, inputOf({ ...draft, name: "Game night!" }))).toEqual({ name: "Game night!" });

    const later = toLocalFields(new Date(START.getTime() + 24 * 60 * 60 * 1000));
    const moved = changedFields(gameNight, inputOf({ ...draft, startDate: later.date, startTime: later.time }));
    expect(Object.keys(moved).sort()).toEqual(["repeat", "start"]);
    expect(moved.repeat?.by_weekday).toEqual([(gameNight.repeat?.by_weekday?.[0] ?? 0) + 1]);

    expect(changedFields(gameNight, inputOf({ ...draft, kind: "elsewhere", location: "The park" }))).toEqual({
      kind: "elsewhere",
      channelId: null,
      location: "The park",
    });
    expect(changedFields(gameNight, inputOf({ ...draft, cover: null }))).toEqual({ cover: null });
    expect(changedFields(gameNight, inputOf({ ...draft, repeat: "none" }))).toEqual({ repeat: null });
  });

  it("says which times cannot be read, and treats an empty end as none", () => {
    const draft = newDraft(new Date(Date.UTC(2030, 0, 1, 9, 30)), ["5"]);
    expect(draft).toMatchObject({ kind: "voice", channelId: "5", repeat: "none", cover: undefined });
    expect(draftInput({ ...draft, startTime: "" })).toEqual({ problems: { start: "Pick a start date and time." } });
    expect(draftInput({ ...draft, endTime: "" })).toEqual({
      problems: { end: "Pick both an end date and time, or clear both." },
    });
    expect(inputOf({ ...draft, endDate: "", endTime: "", name: " Meetup " })).toMatchObject({
      name: "Meetup",
      end: null,
      location: null,
      description: null,
    });
    expect(newDraft(new Date(), [])).toMatchObject({ kind: "elsewhere", channelId: "" });
  });
});
