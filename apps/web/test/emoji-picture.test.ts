import { describe, expect, it } from "vitest";
import {
  describeBytes,
  emojiFileProblem,
  emojiNameFromFile,
} from "../src/components/guild-settings/emoji/emoji-picture";

describe("an emoji's name from its file", () => {
  it("keeps letters, digits and underscores, joining the rest with underscores", () => {
    expect(emojiNameFromFile("Party Blob!.png")).toBe("Party_Blob");
    expect(emojiNameFromFile("cat-wave.final.gif")).toBe("cat_wave_final");
  });
  it("stays within 32 characters and falls back to `emoji` when too little is left", () => {
    expect(emojiNameFromFile(`${"a".repeat(40)}.png`)).toHaveLength(32);
    expect(emojiNameFromFile("😀.png")).toBe("emoji");
  });
});

describe("what keeps a file from being an emoji", () => {
  const LIMIT = 256 * 1024;
  it("takes PNG, GIF and WebP up to the limit", () => {
    for (const type of ["image/png", "image/gif", "image/webp"])
      expect(emojiFileProblem({ type, size: LIMIT }, LIMIT)).toBeNull();
  });
  it("says which types are taken, and by how much a picture is too big", () => {
    expect(emojiFileProblem({ type: "image/jpeg", size: 10 }, LIMIT)).toBe("Pick a PNG, GIF or WebP picture.");
    expect(emojiFileProblem({ type: "image/png", size: 300 * 1024 }, LIMIT)).toBe(
      "That picture is 300 KB; an emoji can be at most 256 KB.",
    );
    expect(describeBytes(3 * 1024 * 1024)).toBe("3.0 MB");
  });
});
