import { type APIMessage, InteractionType, MessageFlags } from "discord-api-types/v10";
import type { DomainContext } from "../../context";
import { Errors } from "../../errors";
import { parseForm, zMessageCreate } from "../../validation";
import type { UploadedFile } from "../messages/message-files";
import { tellInteractionStatus } from "./interaction-events";
import type { InteractionReplies, ReplyRef } from "./interaction-replies";
import {
  type InteractionRow,
  InteractionState,
  interactionByLiveToken,
  markFilled,
  unmarkFilled,
} from "./interaction-rows";

/** `@original`, or a message id. */
export type WebhookMessageRef = "@original" | bigint;

/**
 * The interaction token as a webhook (spec: Interaction callback and webhook routes): for 15
 * minutes after the interaction, once the application has answered it, follow-ups and the
 * initial reply (`@original`, which after callback 6 or 7 is the component's message) can be
 * read, edited and deleted. The first follow-up or `@original` edit after a deferred callback
 * fills the thinking message. `{application}` is the application's id (its bot user's id) or
 * its older id; an unknown, expired or unanswered token, or another application, is 10015.
 */
export class InteractionWebhooks {
  constructor(
    private readonly ctx: DomainContext,
    private readonly replies: InteractionReplies,
  ) {}

  /** POST /webhooks/{application}/{token}: a follow-up (components are ignored), or the deferred reply filled. */
  async followUp(applicationId: bigint, token: string, body: unknown, files: UploadedFile[]): Promise<APIMessage> {
    const row = await this.interaction(applicationId, token);
    const { components: _ignored, ...input } = parseForm(zMessageCreate, body ?? {});
    const { flags: _flags, ...fill } = input;
    const filled = await this.fillDeferred(row, fill, files);
    if (filled) return filled;
    const ephemeral = ((input.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    return this.replies.write(row, input, files, { initial: false, loading: false, ephemeral });
  }

  /** GET .../messages/@original or .../messages/{message}. */
  async get(applicationId: bigint, token: string, ref: WebhookMessageRef): Promise<APIMessage> {
    const row = await this.interaction(applicationId, token);
    return this.replies.read(row, await this.message(row, ref));
  }

  /** PATCH .../messages/@original (filling a deferred reply) or .../messages/{message}. */
  async edit(
    applicationId: bigint,
    token: string,
    ref: WebhookMessageRef,
    body: unknown,
    files: UploadedFile[],
  ): Promise<APIMessage> {
    const row = await this.interaction(applicationId, token);
    const target = await this.message(row, ref);
    const filled = ref === "@original" ? await this.fillDeferred(row, body, files) : null;
    // An edit of @original never brings the thinking back (a follow-up filling it at the same moment read it before).
    return filled ?? this.replies.edit(row, target, body, files, { fill: ref === "@original" });
  }

  /** DELETE .../messages/@original or .../messages/{message}. */
  async delete(applicationId: bigint, token: string, ref: WebhookMessageRef): Promise<void> {
    const row = await this.interaction(applicationId, token);
    await this.replies.remove(row, await this.message(row, ref));
  }

  /**
   * Fills the deferred reply's thinking message, when it is still waiting: the one call that
   * claims the fill edits it (a follow-up and an @original edit at once fill it once). An edit
   * that fails gives the claim back, so the reply is not left thinking. Null when there was
   * nothing to fill (the caller posts or edits as usual).
   */
  private async fillDeferred(row: InteractionRow, body: unknown, files: UploadedFile[]): Promise<APIMessage | null> {
    if (row.state !== InteractionState.Deferred || row.originalMessageId === null) return null;
    if (!(await markFilled(this.ctx.db, row.id))) return null;
    let message: APIMessage;
    try {
      message = await this.replies.edit(
        row,
        { id: row.originalMessageId, ephemeral: row.originalEphemeral },
        body,
        files,
        { fill: true },
      );
    } catch (error) {
      await unmarkFilled(this.ctx.db, row.id);
      throw error;
    }
    await tellInteractionStatus(this.ctx, row, "answered");
    return message;
  }

  private async interaction(applicationId: bigint, token: string): Promise<InteractionRow> {
    const row = await interactionByLiveToken(this.ctx.db, token);
    if (!row || row.state === InteractionState.Delivered || row.state === InteractionState.Gone)
      throw Errors.unknownWebhook();
    // Choices are an autocomplete's only answer: its token posts and edits nothing.
    if (row.type === InteractionType.ApplicationCommandAutocomplete) throw Errors.unknownWebhook();
    if (row.applicationId !== applicationId) {
      const application = await this.ctx.db.application.findUnique({
        where: { id: row.applicationId },
        select: { legacyId: true },
      });
      if (application?.legacyId !== applicationId) throw Errors.unknownWebhook();
    }
    return row;
  }

  /**
   * Which message a path names: `@original`, or one the interaction itself produced (its reply,
   * or a follow-up: in the channel, or ephemeral for its person). Any other message, even one of
   * the same bot in the same channel, is 10008: the token reaches only its own messages.
   */
  private async message(row: InteractionRow, ref: WebhookMessageRef): Promise<ReplyRef> {
    if (ref === "@original") {
      if (row.originalMessageId === null) throw Errors.unknownMessage();
      return { id: row.originalMessageId, ephemeral: row.originalEphemeral };
    }
    if (ref === row.originalMessageId) return { id: ref, ephemeral: row.originalEphemeral };
    const inChannel = await this.ctx.db.message.findUnique({
      where: { id: ref },
      select: { channelId: true, interactionMeta: true },
    });
    if (inChannel) {
      if (inChannel.channelId !== row.channelId || !producedBy(row, inChannel.interactionMeta))
        throw Errors.unknownMessage();
      return { id: ref, ephemeral: false };
    }
    const ephemeral = await this.replies.ephemeralOf(row, ref);
    if (ephemeral.interactionId !== row.id.toString()) throw Errors.unknownMessage();
    return { id: ref, ephemeral: true };
  }
}

/** Whether a stored message's `interaction_metadata` names this interaction (its reply or a follow-up). */
function producedBy(row: InteractionRow, meta: unknown): boolean {
  return typeof meta === "object" && meta !== null && (meta as { id?: unknown }).id === row.id.toString();
}
