import { FORM_OPEN } from "@chat/events";
import {
  type APIMessage,
  InteractionType,
  MessageFlags,
  InteractionResponseType as R,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from "discord-api-types/v10";
import { z } from "zod";
import type { DomainContext } from "../../context";
import { emit } from "../../context";
import { type ApiError, Errors } from "../../errors";
import { applicationIconUrl } from "../../serializers/oauth2";
import { parseForm, zForm, zMessageCreate, zMessageEdit } from "../../validation";
import type { UploadedFile } from "../messages/message-files";
import { checkMessageBody } from "../messages/messages";
import { parseAutocompleteChoices, tellChoices } from "./autocomplete-choices";
import { openedForm } from "./form-answers";
import { tellInteractionStatus } from "./interaction-events";
import type { InteractionReplies, ReplyRef } from "./interaction-replies";
import {
  acknowledge,
  acknowledgeWithForm,
  type InteractionRow,
  InteractionState,
  type InteractionStateName,
  interactionWithToken,
  setOriginalMessage,
  undoAcknowledge,
} from "./interaction-rows";

/**
 * Which callback types answer which interactions (spec: Callback types, "Allowed for"). Any
 * other pairing is 50035.
 */
export const ALLOWED_CALLBACKS: Record<number, readonly number[]> = {
  [InteractionType.ApplicationCommand]: [R.ChannelMessageWithSource, R.DeferredChannelMessageWithSource, R.Modal],
  [InteractionType.MessageComponent]: [
    R.ChannelMessageWithSource,
    R.DeferredChannelMessageWithSource,
    R.DeferredMessageUpdate,
    R.UpdateMessage,
    R.Modal,
  ],
  [InteractionType.ApplicationCommandAutocomplete]: [R.ApplicationCommandAutocompleteResult],
  [InteractionType.ModalSubmit]: [
    R.ChannelMessageWithSource,
    R.DeferredChannelMessageWithSource,
    R.DeferredMessageUpdate,
    R.UpdateMessage,
  ],
};

const zCallback = z.object({ type: z.number().int(), data: z.unknown().optional() });
const zDeferData = z.object({ flags: z.number().int().min(0).nullish() }).nullish();

/** What a callback answers with `with_response=true`. */
export type CallbackAnswer = RESTPostAPIInteractionCallbackWithResponseResult;

/**
 * POST /interactions/{interaction}/{token}/callback (spec: Interaction lifecycle). The body is
 * checked first; then the one acknowledgement is a compare-and-set by the database clock
 * (first and within 3 seconds, else 40060 or 10062); then its effect: type 4 posts the reply,
 * 5 the thinking message, 6 nothing, 7 edits the component's message. An effect that fails
 * gives the acknowledgement back. The person's tab hears `deferred` or `answered`.
 */
export class InteractionCallbacks {
  constructor(
    private readonly ctx: DomainContext,
    private readonly replies: InteractionReplies,
  ) {}

  async respond(interactionId: bigint, token: string, body: unknown, files: UploadedFile[]): Promise<CallbackAnswer> {
    const answered = await this.acknowledgeAndAnswer(interactionId, token, body, files);
    this.ctx.metrics?.interactionCallback("in_time");
    return answered;
  }

  private async acknowledgeAndAnswer(
    interactionId: bigint,
    token: string,
    body: unknown,
    files: UploadedFile[],
  ): Promise<CallbackAnswer> {
    const row = await interactionWithToken(this.ctx.db, interactionId, token);
    if (!row) throw Errors.unknownInteraction();
    const { type, data } = parseForm(zCallback, body ?? {});
    if (!(ALLOWED_CALLBACKS[row.type] ?? []).includes(type)) {
      throw Errors.invalidForm({
        type: {
          _errors: [
            {
              code: "INTERACTION_RESPONSE_TYPE_INVALID",
              message: `Callback type ${type} cannot answer this interaction`,
            },
          ],
        },
      });
    }
    if (type === R.Modal) return this.openForm(row, data);
    // A form submit from a command has no message: 6 just acknowledges it, 7 has nothing to edit.
    const needsSource =
      type === R.UpdateMessage || (type === R.DeferredMessageUpdate && row.type !== InteractionType.ModalSubmit);
    if (needsSource && row.sourceMessageId === null) {
      throw Errors.invalidForm({
        type: {
          _errors: [{ code: "INTERACTION_RESPONSE_TYPE_INVALID", message: "There is no component message to update" }],
        },
      });
    }
    if (type === R.ApplicationCommandAutocompleteResult) return this.autocompleteResult(row, data);
    const effect = this.effectOf(row, type, data, files);
    const next: InteractionStateName =
      type === R.DeferredChannelMessageWithSource ? InteractionState.Deferred : InteractionState.Answered;
    if (!(await acknowledge(this.ctx.db, row.id, next, type))) throw await this.refusal(row.id);
    let result: { ref: ReplyRef | null; message: APIMessage | null };
    try {
      result = await effect();
      if (result.ref) await setOriginalMessage(this.ctx.db, row.id, result.ref.id, result.ref.ephemeral);
    } catch (error) {
      await undoAcknowledge(this.ctx.db, row.id, next);
      throw error;
    }
    await tellInteractionStatus(this.ctx, row, next === InteractionState.Deferred ? "deferred" : "answered");
    return answer(row, type, result);
  }

  /** The callback's effect, its body already checked (so a malformed one changes nothing). */
  private effectOf(
    row: InteractionRow,
    type: number,
    data: unknown,
    files: UploadedFile[],
  ): () => Promise<{ ref: ReplyRef | null; message: APIMessage | null }> {
    const source: ReplyRef | null =
      row.sourceMessageId === null ? null : { id: row.sourceMessageId, ephemeral: row.sourceEphemeral };
    switch (type) {
      case R.ChannelMessageWithSource: {
        const input = parseForm(zMessageCreate, data ?? {});
        const ephemeral = ((input.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
        checkMessageBody(input, files, false);
        return async () => {
          const message = await this.replies.write(row, input, files, { initial: true, loading: false, ephemeral });
          return { ref: { id: BigInt(message.id), ephemeral }, message };
        };
      }
      case R.DeferredChannelMessageWithSource: {
        const ephemeral = ((parseForm(zDeferData, data)?.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
        return async () => {
          const message = await this.replies.write(row, {}, [], { initial: true, loading: true, ephemeral });
          return { ref: { id: BigInt(message.id), ephemeral }, message };
        };
      }
      case R.DeferredMessageUpdate:
        return async () => ({ ref: source, message: null });
      default: {
        parseForm(zMessageEdit, data ?? {});
        return async () => ({
          ref: source as ReplyRef,
          message: await this.replies.edit(row, source as ReplyRef, data ?? {}, files, { fill: false }),
        });
      }
    }
  }

  /** Callback 8: the choices go to the tab typing; no message, nothing in the channel. */
  private async autocompleteResult(row: InteractionRow, data: unknown): Promise<CallbackAnswer> {
    const choices = parseAutocompleteChoices(row.data.focusedType, data);
    if (!(await acknowledge(this.ctx.db, row.id, InteractionState.Answered, R.ApplicationCommandAutocompleteResult)))
      throw await this.refusal(row.id);
    await tellChoices(this.ctx, row, choices);
    return { interaction: { id: row.id.toString(), type: row.type } };
  }

  /**
   * Callback 9: the form is checked (50035 naming the field), kept with the interaction, and
   * opened in the tab that used the command or component (FORM_OPEN), nowhere else.
   */
  private async openForm(row: InteractionRow, data: unknown): Promise<CallbackAnswer> {
    const form = openedForm(parseForm(zForm, data ?? {}));
    const application = await this.ctx.db.application.findUniqueOrThrow({
      where: { id: row.applicationId },
      select: { id: true, name: true, iconHash: true },
    });
    if (!(await acknowledgeWithForm(this.ctx.db, row.id, form))) throw await this.refusal(row.id);
    await emit(this.ctx, {
      t: FORM_OPEN,
      d: {
        id: row.id.toString(),
        channel_id: row.channelId.toString(),
        application: {
          id: application.id.toString(),
          name: application.name,
          icon_url: applicationIconUrl(this.ctx.urls, application.id, application.iconHash),
        },
        form,
      },
      personId: row.userId.toString(),
      ...(row.tabId ? { tabId: row.tabId } : {}),
    });
    await tellInteractionStatus(this.ctx, row, "answered");
    return { interaction: { id: row.id.toString(), type: row.type } };
  }

  /** Why the acknowledgement was refused: answered before (40060), or too late or gone (10062). */
  private async refusal(id: bigint): Promise<ApiError> {
    const current = await this.ctx.db.interaction.findUnique({ where: { id }, select: { state: true } });
    const acknowledged =
      current && current.state !== InteractionState.Delivered && current.state !== InteractionState.Gone;
    // Refused while still Delivered (or already Gone): its 3 seconds had passed.
    if (current) this.ctx.metrics?.interactionCallback(acknowledged ? "double" : "late");
    return acknowledged ? Errors.interactionAlreadyAcknowledged() : Errors.unknownInteraction();
  }
}

function answer(
  row: InteractionRow,
  type: number,
  result: { ref: ReplyRef | null; message: APIMessage | null },
): CallbackAnswer {
  const interaction: CallbackAnswer["interaction"] = { id: row.id.toString(), type: row.type };
  if (type === R.ChannelMessageWithSource || type === R.DeferredChannelMessageWithSource) {
    Object.assign(interaction, {
      response_message_id: (result.ref as ReplyRef).id.toString(),
      response_message_loading: type === R.DeferredChannelMessageWithSource,
      response_message_ephemeral: (result.ref as ReplyRef).ephemeral,
    });
  }
  const withMessage = (type === R.ChannelMessageWithSource || type === R.UpdateMessage) && result.message;
  return withMessage ? { interaction, resource: { type, message: result.message as APIMessage } } : { interaction };
}
