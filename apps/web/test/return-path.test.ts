import { describe, expect, it } from "vitest";
import { safeRedirect, safeReturnPath } from "../src/lib/return-path";

/** Values that would leave the app (or break the Location header) once a browser or Node reads them. */
const LEAVING = [
  "/\t/evil.example/phish",
  "/\n/evil.example/phish",
  "/\r/evil.example/phish",
  "/\r\nSet-Cookie: x=1",
  "/\0/evil.example",
  "/ /evil.example",
  "/\u00a0/evil.example",
  "/\u2028/evil.example",
  "\t//evil.example",
  "//evil.example/phish",
  "/\\evil.example/phish",
  "\\\\evil.example",
  "/..//evil.example",
  "/.//evil.example",
  "/channels/..//evil.example",
  "/%2e%2e//evil.example",
  "http://evil.example/",
  "https://evil.example/",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  "%252F%252Fevil.example",
  "evil.example",
  "",
];

describe("the path to return to after signing in", () => {
  it.each(LEAVING)("refuses %j: the fallback instead", (value) => {
    expect(safeReturnPath(value)).toBe("/channels");
    expect(safeReturnPath(value, "/settings")).toBe("/settings");
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 1, ["/channels/1"], { toString: () => "/x" }])
      expect(safeReturnPath(value)).toBe("/channels");
  });

  it("keeps the app's own paths, their query and fragment", () => {
    expect(safeReturnPath("/channels/1/2")).toBe("/channels/1/2");
    expect(safeReturnPath("/oauth2/authorize?client_id=1&redirect_uri=https%3A%2F%2Fsite.example%2Fcb&state=s")).toBe(
      "/oauth2/authorize?client_id=1&redirect_uri=https%3A%2F%2Fsite.example%2Fcb&state=s",
    );
    expect(safeReturnPath("/settings#profile")).toBe("/settings#profile");
  });

  it("answers a path that stays on the app even when it spells slashes encoded (the browser reads them as part of the path)", () => {
    expect(safeReturnPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(new URL(safeReturnPath("/%2F%2Fevil.example"), "https://chat.example").origin).toBe("https://chat.example");
  });

  it("answers only characters a Location header can carry", () => {
    expect(safeReturnPath("/channels/é?q=ü")).toBe("/channels/%C3%A9?q=%C3%BC");
  });
});

describe("next-auth's redirects", () => {
  const baseUrl = "https://chat.example";

  it("keep the app's own addresses and paths", () => {
    expect(safeRedirect({ url: "/login", baseUrl })).toBe("https://chat.example/login");
    expect(safeRedirect({ url: "https://chat.example/channels/1", baseUrl })).toBe("https://chat.example/channels/1");
    expect(safeRedirect({ url: baseUrl, baseUrl })).toBe("https://chat.example/");
  });

  it.each([
    ...LEAVING,
    "https://chat.example.evil.example/",
    "https://chat.example@evil.example/",
    "http://chat.example/login",
  ])("send %j to the app's root", (url) => {
    expect(safeRedirect({ url, baseUrl })).toBe("https://chat.example/");
  });
});
