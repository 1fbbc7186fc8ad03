import { describe, expect, it } from "vitest";
import { useTestServer } from "../../support/harness";
import { botClient } from "../../support/rest-fixtures";

/**
 * A node remembers the bot tokens it checked (no database read per request), and forgets one
 * the moment it stops being good or its bot changes: each request here follows the change at
 * once, on the node that made it, in both storage modes.
 */
describe("bot tokens remembered between requests", () => {
  const env = useTestServer({ world: false });

  async function usedBot() {
    const owner = await env.t.seed.person();
    const app = await env.t.seed.app(owner.id);
    const bot = botClient(env.t, app.botToken);
    expect((await bot.get("/users/@me")).status).toBe(200);
    return { owner, app, bot };
  }

  it("an old token answers 401 right after a token reset, though it was just used", async () => {
    const { owner, app, bot } = await usedBot();
    const fresh = await env.t.server.ctx.domain.applications.resetBotToken(owner.id, app.application.id);
    expect((await bot.get("/users/@me")).status).toBe(401);
    expect((await botClient(env.t, fresh).get("/users/@me")).status).toBe(200);
  });

  it("a deleted application's token answers 401 right away", async () => {
    const { owner, app, bot } = await usedBot();
    await env.t.server.ctx.domain.applicationSettings.delete(owner.id, app.application.id);
    expect((await bot.get("/users/@me")).status).toBe(401);
  });

  it("a bot's new username shows in its very next request", async () => {
    const { bot } = await usedBot();
    const username = `renamed_${Date.now().toString(36)}`;
    expect((await bot.patch("/users/@me", { username })).status).toBe(200);
    expect(((await (await bot.get("/users/@me")).json()) as { username: string }).username).toBe(username);
  });

  it("a wrong token is never remembered as good, and a good one keeps working", async () => {
    const { app, bot } = await usedBot();
    const wrong = `${app.botToken.slice(0, -2)}xx`;
    expect((await botClient(env.t, wrong).get("/users/@me")).status).toBe(401);
    expect((await bot.get("/users/@me")).status).toBe(200);
    expect((await botClient(env.t, wrong).get("/users/@me")).status).toBe(401);
  });
});
