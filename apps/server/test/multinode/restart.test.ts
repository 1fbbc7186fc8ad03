import { afterAll, describe, expect, it } from "vitest";
import { createTestStorage, startTestServer, type TestStorage } from "../support/harness";

describe("persistence across restarts", () => {
  let storage: TestStorage;
  afterAll(() => storage?.drop());

  it("keeps users, guilds, messages and bot tokens after the server restarts", async () => {
    storage = await createTestStorage();
    const first = await startTestServer({ storage });
    const world = await first.seed.world();
    const sent = await first.server.ctx.domain.messages.create(world.text.id, world.owner.id, {
      content: "still here after a restart",
    });
    await first.close();

    const second = await startTestServer({ storage });
    try {
      const domain = second.server.ctx.domain;
      expect((await domain.users.findByUsername(world.owner.username))?.id).toBe(world.owner.id);
      const guild = await domain.guilds.getForMember(world.guild.id, world.owner.id);
      expect(guild.name).toBe("Test Guild");
      const messages = await domain.messages.list(world.text.id, world.owner.id, {});
      expect(messages.map((m) => m.id)).toContain(sent.id);
      const res = await fetch(`${second.base}/users/@me`, { headers: { authorization: `Bot ${world.token}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).id).toBe(world.botUserId.toString());
    } finally {
      await second.close();
    }
  });
});
