import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/harness";
import { describeAutocompleteConformance } from "./autocomplete-scenario";
import { describeFormConformance } from "./forms-scenario";
import { describeInteractionConformance } from "./interactions-scenario";
import { DISCORD_JS, DISCORDENO } from "./libraries";
import { createDiscordenoBot, type DiscordenoBotLibrary, isDiscordenoRejection } from "./libraries/discordeno";
import { CONFORMANCE_INTENTS, CONFORMANCE_PERMISSIONS, describeConformance } from "./scenario";

describeConformance(DISCORDENO, DISCORD_JS);
describeInteractionConformance(DISCORDENO);
describeAutocompleteConformance(DISCORDENO);
describeFormConformance(DISCORDENO);

/** discordeno's rejection names no status: say what the server answered. */
const answered = <T>(request: Promise<T>): Promise<T> =>
  request.catch((error: unknown) => {
    throw isDiscordenoRejection(error)
      ? new Error(
          `discordeno's request was refused: ${error.cause.status} ${error.cause.body ?? error.cause.error ?? ""}`,
        )
      : error;
  });

describe("discordeno registers a command and sees it with GET /applications/{id}/commands", () => {
  const env = useTestServer({ world: CONFORMANCE_PERMISSIONS });
  let library: DiscordenoBotLibrary;

  beforeAll(() => {
    library = createDiscordenoBot({
      api: env.t.api,
      base: env.t.base,
      token: env.world.token,
      intents: CONFORMANCE_INTENTS,
    });
  });
  afterAll(() => library?.destroy());

  it("creates a global command under the application id it reads from the token, the bot user's id", async () => {
    const { bot } = library;
    const applicationId = bot.rest.applicationId.toString();
    expect(applicationId).toBe(env.world.botUserId.toString());

    const created = await answered(
      bot.helpers.createGlobalApplicationCommand({ name: "ping", description: "Replies with pong", type: 1 }),
    );
    expect(created).toMatchObject({ name: "ping", description: "Replies with pong", type: 1 });
    expect(created.applicationId.toString()).toBe(applicationId);

    const listed = await answered(bot.helpers.getGlobalApplicationCommands());
    expect(listed.map((c) => ({ id: c.id.toString(), name: c.name }))).toEqual([
      { id: created.id.toString(), name: "ping" },
    ]);

    const raw = await fetch(`${env.t.base}/applications/${applicationId}/commands`, {
      headers: { authorization: `Bot ${env.world.token}` },
    });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual([
      expect.objectContaining({
        id: created.id.toString(),
        application_id: applicationId,
        name: "ping",
        description: "Replies with pong",
        type: 1,
      }),
    ]);
  });
});
