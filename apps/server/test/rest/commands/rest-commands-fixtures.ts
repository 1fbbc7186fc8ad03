import { expect } from "vitest";
import { validateResponse } from "../../support/openapi";
import type { World } from "../../support/rest-fixtures";

/** An application command as answered (the fields the tests read). */
export type WireCommand = {
  id: string;
  type: number;
  application_id: string;
  guild_id?: string;
  name: string;
  name_localizations: Record<string, string> | null;
  description: string;
  description_localizations: Record<string, string> | null;
  options?: Record<string, unknown>[];
  default_member_permissions: string | null;
  dm_permission?: boolean;
  nsfw: boolean;
  contexts: number[] | null;
  integration_types: number[];
  version: string;
};

/** A slash command record; `extra` adds or overrides fields. */
export const slash = <E extends Record<string, unknown>>(name: string, extra?: E) =>
  ({ name, description: `the ${name} command`, ...extra }) as { name: string; description: string } & E;
/** A user (type 2) or message (type 3) command record. */
export const contextMenu = (type: 2 | 3, name: string) => ({ type, name });

/** `/applications/{app}/commands`, or a guild's `/applications/{app}/guilds/{guild}/commands`. */
export function commandsPath(world: World, guild?: bigint | string | null): string {
  const app = world.app.application.id;
  return guild == null ? `/applications/${app}/commands` : `/applications/${app}/guilds/${guild}/commands`;
}

/** The reference document's path templates of the command routes. */
export const templates = (guild: boolean) => {
  const base = guild
    ? "/applications/{application_id}/guilds/{guild_id}/commands"
    : "/applications/{application_id}/commands";
  return { list: base, one: `${base}/{command_id}` };
};

/** Checks the status, that the body conforms to the reference's schema of the operation, and answers it. */
export async function conforming<T = WireCommand>(
  res: Response,
  method: "get" | "post" | "put" | "patch",
  template: string,
  status = 200,
): Promise<T> {
  expect(res.status, `${method.toUpperCase()} ${template}`).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = await res.json();
  expect(validateResponse(method, template, status, body)).toEqual([]);
  return body as T;
}

/** The `errors` object of a 50035 names `path` (`"options.2.name"`, `""` for the root) with at least one `{ code, message }`. */
export function expectFieldError(errors: unknown, path: string): void {
  let node = errors as Record<string, unknown> | undefined;
  for (const key of path === "" ? [] : path.split(".")) node = node?.[key] as Record<string, unknown> | undefined;
  expect(node?._errors, `errors at "${path}" in ${JSON.stringify(errors)}`).toEqual(
    expect.arrayContaining([{ code: expect.any(String), message: expect.any(String) }]),
  );
}
