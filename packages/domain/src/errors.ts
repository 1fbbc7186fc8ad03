import { RESTJSONErrorCodes } from "discord-api-types/v10";

export interface FieldErrorLeaf {
  code: string;
  message: string;
}

/** The nested `errors` object of a 50035 answer: field paths down to `{ _errors: [...] }`. */
export type FieldErrors = { [field: string]: FieldErrors | FieldErrorLeaf[] | undefined };

/**
 * A rule of the spec was broken. Carries the HTTP status and the spec's numeric code;
 * REST turns it into `{ message, code, errors? }`, tRPC into a TRPCError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): { message: string; code: number; errors?: FieldErrors } {
    return this.errors
      ? { message: this.message, code: this.code, errors: this.errors }
      : { message: this.message, code: this.code };
  }
}

const C = RESTJSONErrorCodes;

export const Errors = {
  unauthorized: () => new ApiError(401, 0, "401: Unauthorized"),
  notFound: () => new ApiError(404, 0, "404: Not Found"),
  unknownChannel: () => new ApiError(404, C.UnknownChannel, "Unknown Channel"),
  unknownGuild: () => new ApiError(404, C.UnknownGuild, "Unknown Guild"),
  unknownMember: () => new ApiError(404, C.UnknownMember, "Unknown Member"),
  unknownMessage: () => new ApiError(404, C.UnknownMessage, "Unknown Message"),
  unknownRole: () => new ApiError(404, C.UnknownRole, "Unknown Role"),
  unknownUser: () => new ApiError(404, C.UnknownUser, "Unknown User"),
  unknownApplication: () => new ApiError(404, C.UnknownApplication, "Unknown Application"),
  unknownEmoji: () => new ApiError(404, C.UnknownEmoji, "Unknown Emoji"),
  unknownBan: () => new ApiError(404, C.UnknownBan, "Unknown Ban"),
  unknownInvite: () => new ApiError(404, C.UnknownInvite, "Unknown Invite"),
  unknownScheduledEvent: () => new ApiError(404, C.UnknownGuildScheduledEvent, "Unknown Guild Scheduled Event"),
  unknownCommand: () => new ApiError(404, C.UnknownApplicationCommand, "Unknown application command"),
  /** An interaction's callback came late, for an unknown interaction, or with a wrong token (10062). */
  unknownInteraction: () => new ApiError(404, C.UnknownInteraction, "Unknown interaction"),
  /** An interaction's token used as a webhook when it is unknown, expired, not yet answered, or of another application. */
  unknownVoiceState: () => new ApiError(404, C.UnknownVoiceState, "Unknown Voice State"),
  voiceUnavailable: () => new ApiError(400, C.InvalidFormBodyOrContentType, "Voice is not configured on this server."),
  unknownWebhook: () => new ApiError(404, C.UnknownWebhook, "Unknown Webhook"),
  interactionAlreadyAcknowledged: () =>
    new ApiError(400, C.InteractionHasAlreadyBeenAcknowledged, "Interaction has already been acknowledged."),
  tooManyPins: () =>
    new ApiError(400, C.MaximumNumberOfPinsReachedForTheChannel, "Maximum number of pins reached (250)"),
  tooManyReactions: () =>
    new ApiError(400, C.MaximumNumberOfReactionsReached, "Maximum number of reactions reached (20)"),
  tooManyCommands: (limit: number) =>
    new ApiError(
      400,
      C.MaximumNumberOfApplicationCommandsReached,
      `Maximum number of application commands reached (${limit})`,
    ),
  tooManyScheduledEvents: () =>
    new ApiError(
      400,
      C.MaximumNumberOfUncompletedGuildScheduledEventsReached,
      "Maximum number of scheduled events reached (100)",
    ),
  dmChannelAction: () => new ApiError(403, C.CannotExecuteActionOnDMChannel, "Cannot execute action on a DM channel"),
  editOthersMessage: () =>
    new ApiError(403, C.CannotEditMessageAuthoredByAnotherUser, "Cannot edit a message authored by another user"),
  cannotMessageUser: () => new ApiError(403, C.CannotSendMessagesToThisUser, "Cannot send messages to this user"),
  systemMessage: () =>
    new ApiError(403, C.CannotExecuteActionOnSystemMessage, "Cannot execute action on a system message"),
  threadAlreadyExists: () =>
    new ApiError(400, C.ThreadAlreadyCreatedForMessage, "A thread has already been created for this message"),
  /** Only where the spec names it (guild commands of a guild the bot is not in); elsewhere hidden things are Unknown (rule 9). */
  missingAccess: () => new ApiError(403, C.MissingAccess, "Missing Access"),
  missingPermissions: () => new ApiError(403, C.MissingPermissions, "Missing Permissions"),
  /** The application's "Public bot" setting is off and the person adding its bot is not its owner. */
  privateBot: () => new ApiError(403, C.MissingPermissions, "This bot is private: only its owner can add it."),
  wrongChannelType: () =>
    new ApiError(400, C.CannotExecuteActionOnThisChannelType, "Cannot execute action on this channel type"),
  emptyMessage: () => new ApiError(400, C.CannotSendAnEmptyMessage, "Cannot send an empty message"),
  requestTooLarge: (what = "Request entity too large") => new ApiError(413, C.RequestEntityTooLarge, what),
  /** A person's uploads not yet sent or used would pass the cap (web app only: bots upload with their message). */
  tooManyUnusedUploads: () =>
    new ApiError(429, 0, "You have too many files waiting to be sent. Send or remove some first."),
  invalidJson: () => new ApiError(400, 50109, "The request body contains invalid JSON."),
  invalidForm: (errors: FieldErrors, message = "Invalid Form Body") =>
    new ApiError(400, C.InvalidFormBodyOrContentType, message, errors),
  /** A refused request that is not about one field: 50035 with the reason as the message. */
  refused: (message: string) => new ApiError(400, C.InvalidFormBodyOrContentType, message),
  conflict: (message: string) => new ApiError(409, 0, message),
  /** The database cannot be reached (stopped, restarting): nothing was done, the same request may be sent again. */
  databaseUnavailable: () => new ApiError(503, 0, "The database is unavailable; try again shortly."),
  /** The database was too busy to do the work in time (isDatabaseBusy): nothing was done, the same request may be sent again. */
  databaseBusy: () => new ApiError(503, 0, "The database is busy; try again shortly."),
};

/** The `error` values of the login error body (spec: Login error body, plus RFC 6749's invalid_scope). */
export type OAuthErrorCode =
  | "invalid_client"
  | "invalid_grant"
  | "invalid_request"
  | "unsupported_grant_type"
  | "invalid_scope";

/**
 * A login-flow (OAuth2) failure at the token endpoints, answered in the OAuth2 shape
 * `{ error, error_description }` rather than the bot shape. invalid_client is 401, the rest 400.
 */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
    this.status = error === "invalid_client" ? 401 : 400;
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}
