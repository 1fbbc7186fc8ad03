import { describe, expect, it } from "vitest";
import {
  handleListboxKey,
  type ListboxKeyOptions,
  listboxKeyAction,
  typeaheadIndex,
} from "../src/components/ui/listbox/listbox-keys";

const wrapping: ListboxKeyOptions = { active: 0, count: 4, wrap: true };
const clamped: ListboxKeyOptions = { active: 0, count: 4, wrap: false };
const moveTo = (index: number) => ({ type: "move", index });

describe("listbox keys: moving", () => {
  it("a wrapping list steps past either end to the other", () => {
    expect(listboxKeyAction("ArrowDown", { ...wrapping, active: 1 })).toEqual(moveTo(2));
    expect(listboxKeyAction("ArrowDown", { ...wrapping, active: 3 })).toEqual(moveTo(0));
    expect(listboxKeyAction("ArrowUp", { ...wrapping, active: 0 })).toEqual(moveTo(3));
  });

  it("a clamped list stays at its ends", () => {
    expect(listboxKeyAction("ArrowDown", { ...clamped, active: 3 })).toEqual(moveTo(3));
    expect(listboxKeyAction("ArrowUp", { ...clamped, active: 0 })).toEqual(moveTo(0));
    expect(listboxKeyAction("ArrowDown", { ...clamped, active: 1 })).toEqual(moveTo(2));
  });

  it("from no active option (-1): ArrowDown gives the first; a wrapping ArrowUp steps modulo the count", () => {
    expect(listboxKeyAction("ArrowDown", { ...wrapping, active: -1 })).toEqual(moveTo(0));
    expect(listboxKeyAction("ArrowUp", { ...wrapping, active: -1 })).toEqual(moveTo(2));
    expect(listboxKeyAction("ArrowDown", { ...clamped, active: -1 })).toEqual(moveTo(0));
  });

  it("Home and End go to the ends, unless the list leaves them to the text box", () => {
    expect(listboxKeyAction("Home", { ...wrapping, active: 2 })).toEqual(moveTo(0));
    expect(listboxKeyAction("End", clamped)).toEqual(moveTo(3));
    expect(listboxKeyAction("Home", { ...wrapping, homeEnd: false })).toBeNull();
    expect(listboxKeyAction("End", { ...wrapping, homeEnd: false })).toBeNull();
  });

  it("an empty list has nothing to move to (-1, or the clamped arithmetic's bounds)", () => {
    expect(listboxKeyAction("ArrowDown", { ...wrapping, count: 0 })).toEqual(moveTo(-1));
    expect(listboxKeyAction("ArrowUp", { ...wrapping, count: 0 })).toEqual(moveTo(-1));
    expect(listboxKeyAction("End", { ...wrapping, count: 0 })).toEqual(moveTo(-1));
    expect(listboxKeyAction("ArrowDown", { ...clamped, count: 0 })).toEqual(moveTo(-1));
  });
});

describe("listbox keys: choosing and closing", () => {
  it("Enter chooses and Escape closes by default; other keys are not the list's", () => {
    expect(listboxKeyAction("Enter", wrapping)).toEqual({ type: "select", key: "Enter" });
    expect(listboxKeyAction("Escape", wrapping)).toEqual({ type: "close" });
    expect(listboxKeyAction("Tab", wrapping)).toBeNull();
    expect(listboxKeyAction("a", wrapping)).toBeNull();
  });

  it("a list names its own choosing and closing keys", () => {
    const options = { ...wrapping, selectKeys: ["Enter", "Tab", " "], closeKeys: ["Escape", "ArrowLeft"] };
    expect(listboxKeyAction("Tab", options)).toEqual({ type: "select", key: "Tab" });
    expect(listboxKeyAction(" ", options)).toEqual({ type: "select", key: " " });
    expect(listboxKeyAction("ArrowLeft", options)).toEqual({ type: "close" });
    expect(listboxKeyAction("Enter", { ...wrapping, selectKeys: [] })).toBeNull();
  });
});

describe("listbox keys: typeahead", () => {
  const labels = ["Apple", "banana", "Avocado", "cherry"];

  it("a printable key goes to the next label starting with it, wrapping, whatever the case", () => {
    expect(typeaheadIndex("a", 0, labels)).toBe(2);
    expect(typeaheadIndex("A", 2, labels)).toBe(0);
    expect(typeaheadIndex("b", -1, labels)).toBe(1);
    expect(typeaheadIndex("z", 0, labels)).toBeNull();
  });

  it("only with labels, and never for the space bar or named keys", () => {
    expect(listboxKeyAction("c", { ...wrapping, labels })).toEqual(moveTo(3));
    expect(listboxKeyAction("c", wrapping)).toBeNull();
    expect(listboxKeyAction(" ", { ...wrapping, labels: [" x"] })).toBeNull();
    expect(listboxKeyAction("z", { ...wrapping, labels })).toBeNull();
  });
});

describe("handleListboxKey", () => {
  const event = (key: string, modifiers: { ctrlKey?: boolean } = {}) => {
    const e = { key, ...modifiers, prevented: false, preventDefault: () => (e.prevented = true) };
    return e;
  };

  it("calls the handler and prevents the key's default when used", () => {
    const moves: number[] = [];
    const e = event("ArrowDown");
    expect(handleListboxKey(e, wrapping, { move: (index) => moves.push(index) })).toBe(true);
    expect(moves).toEqual([1]);
    expect(e.prevented).toBe(true);
  });

  it("leaves the key alone when its handler answers false, or when it is not the list's", () => {
    const enter = event("Enter");
    expect(handleListboxKey(enter, wrapping, { move: () => true, select: () => false })).toBe(false);
    expect(enter.prevented).toBe(false);
    const other = event("x");
    expect(handleListboxKey(other, wrapping, { move: () => true })).toBe(false);
    expect(other.prevented).toBe(false);
  });

  it("leaves a shortcut (Ctrl, Cmd or Alt with a letter) to the page, typeahead or not", () => {
    const labels = ["copy", "cut"];
    const copy = event("c", { ctrlKey: true });
    expect(handleListboxKey(copy, { ...wrapping, labels }, { move: () => true })).toBe(false);
    expect(copy.prevented).toBe(false);
    const typed = event("c");
    expect(handleListboxKey(typed, { ...wrapping, labels }, { move: () => true })).toBe(true);
  });
});
