import { GatewayDispatchEvents } from "discord-api-types/v10";
import { z } from "zod";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { Errors } from "../../errors";
import { serializeUser } from "../../serializers";
import { hashSecret, randomToken } from "../../tokens";
import { LOGIN_LIMITS, parseForm, REDIRECT_URI_MESSAGES, zRedirectUri } from "../../validation";
import type { PictureService } from "../pictures/pictures";
import { disconnectVoice } from "../voice/voice-enforcement";
import type { ApplicationService } from "./applications";
import { zAppName } from "./applications";
import { closeGatewaySessions } from "./gateway-sessions";

/** One redirect address, named `redirect_uris` in errors like every other redirect refusal. */
const zRedirectUriField = z.object({ redirect_uris: zRedirectUri });

const redirectError = (message: string) =>
  Errors.invalidForm({ redirect_uris: { _errors: [{ code: "BASE_TYPE_INVALID", message }] } });

/**
 * What the developer portal (and the admin CLI) changes on an application: redirect
 * addresses, name and picture, the client secret, and deleting it. Every method takes the
 * owner's id; an application of someone else answers Unknown Application.
 */
export class ApplicationSettingsService {
  constructor(
    private ctx: DomainContext,
    private applications: ApplicationService,
    private pictures: PictureService,
  ) {}

  /** Registers one more redirect address (login rule 1: at most 10, https or loopback http, no fragment). */
  async addRedirectUri(ownerId: bigint, applicationId: bigint, input: unknown): Promise<string[]> {
    const { redirect_uris: uri } = parseForm(zRedirectUriField, { redirect_uris: input });
    return this.updateRedirects(ownerId, applicationId, (current) => {
      if (current.includes(uri)) throw redirectError(REDIRECT_URI_MESSAGES.duplicate);
      if (current.length >= LOGIN_LIMITS.maxRedirectUris) throw redirectError(REDIRECT_URI_MESSAGES.tooMany);
      return [...current, uri];
    });
  }

  async removeRedirectUri(ownerId: bigint, applicationId: bigint, uri: string): Promise<string[]> {
    return this.updateRedirects(ownerId, applicationId, (current) => current.filter((u) => u !== uri));
  }

  async rename(ownerId: bigint, applicationId: bigint, nameInput: unknown) {
    const name = parseForm(zAppName, nameInput);
    const { id } = await this.applications.getForOwner(ownerId, applicationId);
    return this.ctx.db.application.update({ where: { id }, data: { name } });
  }

  /** Sets the application's picture from image data (`data:image/png;base64,...`), or removes it with null. */
  async setIcon(ownerId: bigint, applicationId: bigint, image: unknown): Promise<string | null> {
    const { id } = await this.applications.getForOwner(ownerId, applicationId);
    if (image === null) {
      await this.ctx.db.application.update({ where: { id }, data: { iconHash: null } });
      await this.pictures.removeAll({ kind: "app-icon", id });
      return null;
    }
    const hash = await this.pictures.replace({ kind: "app-icon", id }, this.pictures.decode(image, "icon"));
    await this.ctx.db.application.update({ where: { id }, data: { iconHash: hash } });
    return hash;
  }

  /** The "Public bot" switch: off, only the owner can add the bot to a guild (guilds it is in keep it). */
  async setBotPublic(ownerId: bigint, applicationId: bigint, input: unknown): Promise<boolean> {
    const botPublic = parseForm(z.boolean(), input);
    const { id } = await this.applications.getForOwner(ownerId, applicationId);
    await this.ctx.db.application.update({ where: { id }, data: { botPublic } });
    return botPublic;
  }

  /** A new client secret, shown once. Login tokens already issued keep working: nobody is logged out. */
  async resetClientSecret(ownerId: bigint, applicationId: bigint): Promise<string> {
    const { id } = await this.applications.getForOwner(ownerId, applicationId);
    const clientSecret = randomToken(24);
    await this.ctx.db.application.update({ where: { id }, data: { clientSecretHash: hashSecret(clientSecret) } });
    return clientSecret;
  }

  /**
   * Deletes the application: its login codes, tokens and grants, commands and bot roles go
   * with it (cascade); its bot leaves every guild, keeps its messages under a suspended
   * account, and its gateway sessions close with 4004.
   */
  async delete(ownerId: bigint, applicationId: bigint): Promise<void> {
    const app = await this.applications.getForOwner(ownerId, applicationId);
    const [memberships, roles] = await Promise.all([
      this.ctx.db.member.findMany({ where: { userId: app.botUserId }, select: { guildId: true } }),
      this.ctx.db.role.findMany({ where: { botApplicationId: app.id }, select: { id: true, guildId: true } }),
    ]);
    await disconnectVoice(this.ctx, { userId: app.botUserId });
    await this.ctx.db.$transaction([
      this.ctx.db.member.deleteMany({ where: { userId: app.botUserId } }),
      this.ctx.db.application.delete({ where: { id: app.id } }),
      this.ctx.db.picture.deleteMany({ where: { ownerId: app.id, kind: "app-icon" } }),
      this.ctx.db.user.update({ where: { id: app.botUserId }, data: { suspendedAt: this.ctx.clock.now() } }),
    ]);
    await closeGatewaySessions(this.ctx, [app.botUserId]);
    for (const role of roles) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildRoleDelete,
        d: { guild_id: role.guildId.toString(), role_id: role.id.toString() },
        guildId: role.guildId.toString(),
      });
    }
    const user = serializeUser(app.botUser, this.ctx.urls);
    for (const { guildId } of memberships) {
      await emit(this.ctx, {
        t: GatewayDispatchEvents.GuildMemberRemove,
        d: { guild_id: guildId.toString(), user },
        guildId: guildId.toString(),
      });
    }
  }

  /**
   * Read, change, write under the application row's lock, so two concurrent changes can
   * neither lose one nor pass the limit together.
   */
  private async updateRedirects(
    ownerId: bigint,
    applicationId: bigint,
    change: (current: string[]) => string[],
  ): Promise<string[]> {
    const { id } = await this.applications.getForOwner(ownerId, applicationId);
    return this.ctx.db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 FROM "Application" WHERE "id" = ${id} FOR UPDATE`;
      const { redirectUris } = await tx.application.findUniqueOrThrow({
        where: { id },
        select: { redirectUris: true },
      });
      const next = change(redirectUris);
      await tx.application.update({ where: { id }, data: { redirectUris: next } });
      return next;
    });
  }
}
