import { z } from "zod";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { serializeUser } from "../../serializers";
import { botIdFromToken, createBotToken, hashSecret, randomToken, secretMatches } from "../../tokens";
import { parseForm } from "../../validation";
import { applicationWithId, userSelect } from "../shared/selects";
import type { BotIdentityRecord } from "../../caches/bot-identities";
import { closeGatewaySessions } from "./gateway-sessions";

export const zAppName = z
  .string()
  .trim()
  .min(2, "Must be between 2 and 32 in length.")
  .max(32, "Must be between 2 and 32 in length.");

function botUsernameFrom(name: string): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9_.]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 24) || "bot";
  return base.length >= 2 ? base : `${base}_bot`;
}

/**
 * The "Public bot" setting (the reference platform's `bot_public`, on for new applications):
 * off, only the application's owner adds its bot to guilds.
 */
export function mayAddBot(app: { botPublic: boolean; ownerId: bigint }, personId: bigint): boolean {
  return app.botPublic || app.ownerId === personId;
}

export class ApplicationService {
  constructor(private ctx: DomainContext) {}

  /** An application with its bot user; the bot token and client secret are returned once. */
  async create(ownerId: bigint, nameInput: unknown) {
    const name = parseForm(zAppName, nameInput);
    const clientSecret = randomToken(24);
    return this.ctx.db.$transaction(async (tx) => {
      let username = botUsernameFrom(name);
      for (let n = 1; await tx.user.findUnique({ where: { username }, select: { id: true } }); n++) {
        username = `${botUsernameFrom(name).slice(0, 27)}_${n}`;
      }
      const botUser = await tx.user.create({ data: { username, globalName: name, bot: true } });
      const botToken = createBotToken(botUser.id);
      const app = await tx.application.create({
        data: {
          id: botUser.id,
          name,
          ownerId,
          botUserId: botUser.id,
          botTokenHash: hashSecret(botToken),
          clientSecretHash: hashSecret(clientSecret),
        },
      });
      return { application: app, botUser, botToken, clientSecret };
    });
  }

  async listForOwner(ownerId: bigint) {
    return this.ctx.db.application.findMany({
      where: { ownerId },
      orderBy: { id: "asc" },
      include: { botUser: { select: userSelect } },
    });
  }

  async getForOwner(ownerId: bigint, applicationId: bigint) {
    const app = await this.ctx.db.application.findFirst({
      where: applicationWithId(applicationId),
      include: { botUser: { select: userSelect } },
    });
    if (!app || app.ownerId !== ownerId) throw Errors.unknownApplication();
    return app;
  }

  /** The application's owner; null when there is no such application. */
  async ownerOf(applicationId: bigint): Promise<bigint | null> {
    const app = await this.ctx.db.application.findFirst({
      where: applicationWithId(applicationId),
      select: { ownerId: true },
    });
    return app?.ownerId ?? null;
  }

  /** Public facts for the bot-invite consent page. */
  async getPublic(applicationId: bigint) {
    const app = await this.ctx.db.application.findFirst({
      where: applicationWithId(applicationId),
      include: { botUser: { select: userSelect } },
    });
    if (!app) throw Errors.unknownApplication();
    return app;
  }

  /** Issues a new bot token; the old one stops working at once and its gateway sessions close with 4004. */
  async resetBotToken(ownerId: bigint, applicationId: bigint): Promise<string> {
    const app = await this.getForOwner(ownerId, applicationId);
    const botToken = createBotToken(app.botUserId);
    await this.ctx.db.application.update({ where: { id: app.id }, data: { botTokenHash: hashSecret(botToken) } });
    await closeGatewaySessions(this.ctx, [app.botUserId]);
    return botToken;
  }

  /** The bot a token belongs to, or null for a missing, malformed or stale token. */
  async authenticateBot(token: string) {
    const botUserId = botIdFromToken(token);
    if (botUserId === null) return null;
    const app = await this.ctx.db.application.findUnique({
      where: { botUserId },
      include: { botUser: { select: { ...userSelect, suspendedAt: true } } },
    });
    if (!app || !secretMatches(token, app.botTokenHash) || app.botUser.suspendedAt) return null;
    return { application: app, user: app.botUser };
  }

  /**
   * Who a bot token belongs to, for REST requests: remembered for this process (DomainCaches)
   * until the token is reset, the application deleted or the bot user changed.
   */
  async botIdentity(token: string): Promise<BotIdentityRecord | null> {
    const cache = this.ctx.caches?.botIdentities;
    const known = cache?.get(token);
    if (known) return known;
    const found = await this.authenticateBot(token);
    if (!found) return null;
    const { suspendedAt: _suspendedAt, ...user } = found.user;
    const identity = { applicationId: found.application.id, legacyApplicationId: found.application.legacyId, user };
    cache?.set(token, identity);
    return identity;
  }

  /** GET /applications/@me for the application's own bot. */
  async getOwnWire(applicationId: bigint) {
    const app = await this.getPublic(applicationId);
    const [owner, guildCount] = await Promise.all([
      this.ctx.db.user.findUniqueOrThrow({ where: { id: app.ownerId }, select: userSelect }),
      this.ctx.db.member.count({ where: { userId: app.botUserId } }),
    ]);
    return { ...this.serialize(app, owner), approximate_guild_count: guildCount };
  }

  /** The application object (GET /applications/@me); fields beyond the spec's follow the reference platform. */
  serialize(app: Awaited<ReturnType<ApplicationService["getPublic"]>>, owner: Parameters<typeof serializeUser>[0]) {
    return {
      id: app.id.toString(),
      name: app.name,
      icon: app.iconHash,
      description: app.description,
      type: null,
      verify_key: hashSecret(`verify:${app.id}`),
      flags: app.flags,
      flags_new: String(app.flags),
      redirect_uris: app.redirectUris,
      interactions_endpoint_url: null,
      role_connections_verification_url: null,
      owner: serializeUser(owner, this.ctx.urls),
      approximate_guild_count: 0,
      approximate_user_install_count: 0,
      approximate_user_authorization_count: 0,
      explicit_content_filter: 0,
      team: null,
      eligible_oauth2_scopes: ["identify", "bot", "applications.commands"],
      bot_public: app.botPublic,
      bot_require_code_grant: false,
      summary: "",
      bot: serializeUser(app.botUser, this.ctx.urls),
    };
  }
}
