import type {
  APIChannel,
  APIInteractionGuildMember,
  APIMessage,
  APIPartialInteractionGuild,
  Locale,
} from "discord-api-types/v10";
import { ApplicationIntegrationType, InteractionContextType } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { serializeChannel } from "../../serializers";
import { MESSAGE_FILES_BYTES_MAX } from "../../validation";
import { guildMember } from "../messages/message-events";
import type { ChannelAccess } from "../shared/access";
import { permissionsIn } from "./resolved";

/** People's locale in every interaction (spec: Interaction object, `locale`). */
export const INTERACTION_LOCALE = "en-GB" as Locale;
const GUILD_LOCALE = "en-US" as Locale;

/**
 * The fields every interaction carries whatever its type (spec: Interaction object, and those
 * client libraries crash without, CLIENT-COMPAT.md): always from a guild, with the guild and
 * channel, the person's member with their permissions in the channel, the bot's permissions,
 * `entitlements: []`, the guild install as authorizing owner, context 0, no standalone `user`.
 */
export interface InteractionEnvelope {
  id: string;
  application_id: string;
  token: string;
  version: 1;
  guild_id: string;
  guild: APIPartialInteractionGuild;
  channel_id: string;
  channel: Partial<APIChannel> & Pick<APIChannel, "id" | "type">;
  member: APIInteractionGuildMember;
  app_permissions: string;
  locale: Locale;
  guild_locale: Locale;
  entitlements: [];
  authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: string };
  context: InteractionContextType.Guild;
  attachment_size_limit: number;
  message?: APIMessage;
}

export async function interactionEnvelope(
  ctx: DomainContext,
  args: {
    id: bigint;
    token: string;
    applicationId: bigint;
    botUserId: bigint;
    personId: bigint;
    access: ChannelAccess;
  },
): Promise<InteractionEnvelope> {
  const { access } = args;
  const guildId = (access.channel.guildId as bigint).toString();
  const [member, appPermissions] = await Promise.all([
    guildMember(ctx, BigInt(guildId), args.personId),
    permissionsIn(ctx, access, args.botUserId),
  ]);
  // The person left the guild a moment ago.
  if (!member) throw Errors.unknownMember();
  return {
    id: args.id.toString(),
    application_id: args.applicationId.toString(),
    token: args.token,
    version: 1,
    guild_id: guildId,
    guild: { id: guildId, features: [], locale: GUILD_LOCALE },
    channel_id: access.channel.id.toString(),
    channel: serializeChannel(access.channel, ctx.urls),
    member: { ...member, permissions: access.permissions.toString() },
    app_permissions: appPermissions.toString(),
    locale: INTERACTION_LOCALE,
    guild_locale: GUILD_LOCALE,
    entitlements: [],
    authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: guildId },
    context: InteractionContextType.Guild,
    attachment_size_limit: MESSAGE_FILES_BYTES_MAX,
  };
}
