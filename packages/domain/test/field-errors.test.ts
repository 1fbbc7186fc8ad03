import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CommandFieldErrors } from "../src/services/commands/command-errors";
import { toFieldErrors, UNSTORABLE_TEXT_CODE, unstorableTextError } from "../src/validation";

/** Field names are the sender's: `constructor` and `__proto__` are fields like any other in a 50035 answer. */
describe("the errors object of 50035 answers", () => {
  const leaf = (code: string) => ({ _errors: [{ code, message: expect.any(String) }] });

  it("names a field called constructor or __proto__ holding text PostgreSQL cannot store, and changes no prototype", () => {
    for (const field of ["constructor", "__proto__", "toString"]) {
      const errors = unstorableTextError([field, "inner"]).errors ?? {};
      expect(JSON.parse(JSON.stringify(errors)), field).toEqual({ [field]: { inner: leaf(UNSTORABLE_TEXT_CODE) } });
      expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    }
    expect(Object.hasOwn(Object, "_errors")).toBe(false);
  });

  it("names schema failures under such fields, and gathered command errors too", () => {
    const result = z
      .object({ constructor: z.number() })
      .safeParse(JSON.parse('{"constructor":"x"}'), { reportInput: true });
    expect(result.success).toBe(false);
    expect(JSON.parse(JSON.stringify(toFieldErrors(result.error!)))).toEqual({
      constructor: leaf("NUMBER_TYPE_COERCE"),
    });
    const gathered = new CommandFieldErrors();
    gathered.add(["constructor"], "A", "first");
    gathered.add(["constructor"], "B", "second");
    gathered.add(["__proto__", "name"], "C", "third");
    const body = (() => {
      try {
        gathered.throwIfAny();
      } catch (error) {
        return JSON.parse(JSON.stringify((error as { errors: unknown }).errors));
      }
    })();
    // Parsed, so that `__proto__` is a key of the expected object rather than its prototype.
    expect(body).toEqual(
      JSON.parse(
        '{"constructor":{"_errors":[{"code":"A","message":"first"},{"code":"B","message":"second"}]},"__proto__":{"name":{"_errors":[{"code":"C","message":"third"}]}}}',
      ),
    );
    expect(Object.hasOwn(Object, "_errors")).toBe(false);
  });
});
