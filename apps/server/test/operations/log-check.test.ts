import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain script of the test run, without types
import { findSecrets } from "../../../../scripts/check-logs.mjs";

type Finding = { line: number; what: string };
const find = findSecrets as (text: string, secrets: string[]) => Finding[];

describe("the full run's log check (scripts/check-logs.mjs)", () => {
  it("finds a generated secret, a person's password and credentials by their shape, naming the line", () => {
    const log = [
      '{"level":30,"requestId":"a","msg":"request completed"}',
      '{"level":50,"msg":"failed","detail":"s3cr3t-generated-value"}',
      '{"level":30,"body":"correct horse battery"}',
      '{"level":30,"token":"MTIzNDU2Nzg5MDEyMzQ1Njc4.AbCdEf.abcdefghijklmnopqrstuvwxyz0123456789"}',
      '{"level":30,"req":{"url":"/cdn/a.png?ex=1&is=2&hm=0123456789abcdef0123"}}',
      '{"headers":{"authorization":"Bot abc"}}',
    ].join("\n");
    expect(find(log, ["s3cr3t-generated-value"]).map((f) => f.line)).toEqual([2, 3, 4, 5, 6]);
  });

  it("passes a log whose capabilities were redacted", () => {
    const log = [
      '{"req":{"url":"/api/v10/webhooks/1/[redacted]?wait=true"}}',
      '{"req":{"url":"/cdn/a.png?ex=1&is=2&hm=[redacted]"}}',
      '{"authorization":"[redacted]"}',
    ].join("\n");
    expect(find(log, ["s3cr3t-generated-value"])).toEqual([]);
  });
});
