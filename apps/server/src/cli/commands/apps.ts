import type { Domain } from "@chat/domain";
import { type ParsedCommand, required } from "../args";
import { applicationOwner, idOption, type Output, userByName } from "./lookups";

type Options = ParsedCommand["options"];

export const appCommands = {
  "app create": async (domain: Domain, options: Options): Promise<Output> => {
    const owner = await userByName(domain, required(options, "owner"));
    const created = await domain.applications.create(owner.id, required(options, "name"));
    return {
      application_id: created.application.id.toString(),
      bot_user_id: created.botUser.id.toString(),
      bot_token: created.botToken,
      client_id: created.application.id.toString(),
      client_secret: created.clientSecret,
    };
  },

  /** Registers a redirect address for the login flow, with the portal's validation. */
  "app redirect-add": async (domain: Domain, options: Options): Promise<Output> => {
    const applicationId = idOption(options, "application");
    const redirectUris = await domain.applicationSettings.addRedirectUri(
      await applicationOwner(domain, applicationId),
      applicationId,
      required(options, "uri"),
    );
    return { redirect_uris: redirectUris };
  },

  /** A new bot token (a leaked one stops working at once and the bot's gateway sessions close), as the portal's Reset Token. */
  "app rotate-token": async (domain: Domain, options: Options): Promise<Output> => {
    const applicationId = idOption(options, "application");
    const botToken = await domain.applications.resetBotToken(
      await applicationOwner(domain, applicationId),
      applicationId,
    );
    return { application_id: applicationId.toString(), bot_token: botToken };
  },
};
