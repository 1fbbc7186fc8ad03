import { describe, expect, it } from "vitest";
import { categoryMove, groupChannels, type Placed, stepMove } from "../src/components/chat/channels/channel-groups";

const text = (id: string, position: number, parentId: string | null = null): Placed => ({
  id,
  kind: "text",
  position,
  parentId,
});
const voice = (id: string, position: number, parentId: string | null = null): Placed => ({
  id,
  kind: "voice",
  position,
  parentId,
});
const category = (id: string, position: number): Placed => ({ id, kind: "category", position, parentId: null });

const names = (channels: Placed[]) => channels.map((c) => c.id);

describe("the channel list's layout", () => {
  it("puts channels outside categories first, then categories by position, text above voice in each", () => {
    const groups = groupChannels([
      voice("v1", 0),
      category("c2", 5),
      text("t3", 9, "c2"),
      category("c1", 2),
      text("t1", 4),
      voice("v2", 1, "c1"),
      text("t2", 3, "c1"),
    ]);
    expect(groups.map((g) => [g.category?.id ?? null, names(g.text), names(g.voice)])).toEqual([
      [null, ["t1"], ["v1"]],
      ["c1", ["t2"], ["v2"]],
      ["c2", ["t3"], []],
    ]);
  });

  it("shows a channel whose category is not in the list outside any category, and orders equal positions by id", () => {
    const groups = groupChannels([text("20", 1, "hidden"), text("10", 1)]);
    expect(groups).toHaveLength(1);
    expect(names(groups[0]?.text ?? [])).toEqual(["10", "20"]);
  });
});

describe("moving channels", () => {
  const list = [
    text("a", 0),
    text("b", 1),
    text("c", 2),
    voice("v", 3),
    category("k", 4),
    category("m", 5),
    text("x", 6, "k"),
  ];

  it("swaps a channel with its neighbour of the same kind in its block, renumbering only what changes", () => {
    expect(stepMove(list, "b", -1)).toEqual([
      { id: "b", position: 0 },
      { id: "a", position: 1 },
    ]);
    expect(stepMove(list, "m", -1)).toEqual([
      { id: "m", position: 4 },
      { id: "k", position: 5 },
    ]);
  });

  it("does not move past either end of the block", () => {
    expect(stepMove(list, "a", -1)).toBeNull();
    expect(stepMove(list, "c", 1)).toBeNull();
    expect(stepMove(list, "v", 1)).toBeNull();
    expect(stepMove(list, "x", 1)).toBeNull();
  });

  it("spreads siblings that share a position so a swap always changes the order", () => {
    const tied = [text("1", 3), text("2", 3), text("3", 3)];
    expect(stepMove(tied, "3", -1)).toEqual([
      { id: "3", position: 4 },
      { id: "2", position: 5 },
    ]);
  });

  it("moves a channel into a category after the channels there, or out of it", () => {
    expect(categoryMove(list, "a", "k")).toEqual([{ id: "a", position: 7, parentId: "k" }]);
    expect(categoryMove(list, "x", null)).toEqual([{ id: "x", position: 4, parentId: null }]);
    expect(categoryMove(list, "a", "m")).toEqual([{ id: "a", position: 0, parentId: "m" }]);
    expect(categoryMove(list, "x", "k")).toBeNull();
    expect(categoryMove(list, "k", "m")).toBeNull();
  });
});
