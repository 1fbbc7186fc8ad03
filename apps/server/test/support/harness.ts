import { afterAll, beforeAll } from "vitest";
import { type BotClient, botClient, type World } from "./rest-fixtures";
import { startTestServer, type TestServer } from "./test-server";

export * from "./test-server";

/** What {@link useTestServer} hands to the tests of its describe block. */
export interface UsedTestServer {
  readonly t: TestServer;
  /** `t.seed.world(options.world)`. */
  readonly world: World;
  /** The world's bot's REST client. */
  readonly bot: BotClient;
}

/**
 * Starts a test server (and seeds a world, unless `world: false`; a bigint is the bot's
 * permissions) for the enclosing describe block in a beforeAll, and closes it in an afterAll.
 * Call it before the block's own hooks: its beforeAll runs before theirs, its afterAll after
 * theirs. The getters throw when read before the beforeAll ran (at collection time).
 */
export function useTestServer(
  options: { server?: Parameters<typeof startTestServer>[0]; world?: bigint | false } = {},
): UsedTestServer {
  let t: TestServer | undefined;
  let world: World | undefined;
  let bot: BotClient | undefined;
  beforeAll(async () => {
    t = await startTestServer(options.server);
    if (options.world === false) return;
    world = await t.seed.world(options.world);
    bot = botClient(t, world.token);
  });
  afterAll(() => t?.close());
  const unset = (name: string): never => {
    throw new Error(
      options.world === false && name !== "t"
        ? `useTestServer: no ${name} with world: false`
        : `useTestServer: ${name} is read before the describe block's beforeAll ran (or it failed)`,
    );
  };
  return {
    get t() {
      return t ?? unset("t");
    },
    get world() {
      return world ?? unset("world");
    },
    get bot() {
      return bot ?? unset("bot");
    },
  };
}

/**
 * A world of its own (seeded in the enclosing describe block's beforeAll) on the server a file
 * already uses: describe blocks whose tests must not share a world, without a server each.
 */
export function useOwnWorld(server: UsedTestServer, permissions?: bigint): UsedTestServer {
  let world: World | undefined;
  let bot: BotClient | undefined;
  beforeAll(async () => {
    world = await server.t.seed.world(permissions);
    bot = botClient(server.t, world.token);
  });
  const unset = (name: string): never => {
    throw new Error(`useOwnWorld: ${name} is read before the describe block's beforeAll ran (or it failed)`);
  };
  return {
    get t() {
      return server.t;
    },
    get world() {
      return world ?? unset("world");
    },
    get bot() {
      return bot ?? unset("bot");
    },
  };
}
