import type { Db, InteractionModel } from "@chat/db";
import { hashSecret, randomToken } from "../../tokens";
import type { OpenedForm } from "./form-answers";

/**
 * Interaction rows (spec: Interaction lifecycle). Every change of state is one conditional
 * UPDATE judged by the database clock (`clock_timestamp()`), so on any number of nodes exactly
 * one of a callback and the 3-second timeout wins, and a second callback finds the state moved.
 */
export const InteractionState = {
  Delivered: "delivered",
  Deferred: "deferred",
  Answered: "answered",
  /** Answered with a form (callback 9), waiting for the person to submit it. */
  FormOpened: "form_opened",
  /** Its form was submitted (once). */
  Submitted: "submitted",
  /** Not answered within 3 seconds, or no session of the bot to deliver it to. */
  Gone: "gone",
} as const;
export type InteractionStateName = (typeof InteractionState)[keyof typeof InteractionState];

/** Spec: Limits, "Interaction callback: once, within 3 seconds". */
export const CALLBACK_WINDOW_MS = 3_000;
/** Spec: Limits, "Webhook follow-ups and edits: 15 minutes after the interaction". */
export const TOKEN_LIFETIME_MS = 15 * 60_000;

/** What replies and follow-ups need to know about what was used (kept in the row's `data`). */
export interface InteractionSummary {
  /** The command's name, or the component's custom_id. */
  name: string;
  commandId?: string;
  /** 1 slash, 2 user, 3 message. */
  commandType?: number;
  targetUserId?: string;
  targetMessageId?: string;
  componentType?: number;
  /** Autocomplete: the focused option's type (3, 4 or 10), which the choices' values must match. */
  focusedType?: number;
  /** The form a callback 9 opened (what its submission is checked against). */
  form?: OpenedForm;
  /** A form submission: the interaction whose form it submits. */
  formOf?: string;
}

export type InteractionRow = Omit<InteractionModel, "data"> & { data: InteractionSummary };

export interface NewInteraction {
  applicationId: bigint;
  type: number;
  guildId: bigint;
  channelId: bigint;
  userId: bigint;
  data: InteractionSummary;
  sourceMessageId: bigint | null;
  sourceEphemeral: boolean;
  tabId: string | null;
}

/** The person and tab an interaction's outcome is told to. */
export interface InteractionAudience {
  id: bigint;
  userId: bigint;
  channelId: bigint;
  tabId: string | null;
}

/** Writes a new interaction, delivered, its deadlines set by the database clock; answers its id and token. */
export async function insertInteraction(db: Db, row: NewInteraction): Promise<{ id: bigint; token: string }> {
  const token = `${randomToken(48)}`;
  const [created] = await db.$queryRaw<{ id: bigint }[]>`
    INSERT INTO "Interaction" ("applicationId", "type", "tokenHash", "guildId", "channelId", "userId", "data", "state",
      "sourceMessageId", "sourceEphemeral", "tabId", "deadlineAt", "expiresAt")
    VALUES (${row.applicationId}, ${row.type}, ${hashSecret(token)}, ${row.guildId}, ${row.channelId}, ${row.userId},
      ${JSON.stringify(row.data)}::jsonb, ${InteractionState.Delivered}, ${row.sourceMessageId}, ${row.sourceEphemeral}, ${row.tabId},
      clock_timestamp() + make_interval(secs => ${CALLBACK_WINDOW_MS / 1000}::double precision),
      clock_timestamp() + make_interval(secs => ${TOKEN_LIFETIME_MS / 1000}::double precision))
    RETURNING "id"`;
  return { id: (created as { id: bigint }).id, token };
}

/** Removes an interaction that was never delivered (its INTERACTION_CREATE could not be published). */
export async function deleteInteraction(db: Db, id: bigint): Promise<void> {
  await db.interaction.deleteMany({ where: { id } });
}

/**
 * The interaction goes to `sessionId`: true for the first node to say so within the deadline
 * (and again for the same session, when a node catching a taken-over session up asks).
 */
export async function claimDelivery(db: Db, id: bigint, sessionId: string): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "Interaction" SET "sessionId" = ${sessionId}
    WHERE "id" = ${id} AND "state" = ${InteractionState.Delivered} AND ("sessionId" IS NULL OR "sessionId" = ${sessionId})
      AND "deadlineAt" > clock_timestamp()
    RETURNING "id"`;
  return rows.length > 0;
}

/** The session an interaction was delivered to, if any. */
export async function deliveredSession(db: Db, id: bigint): Promise<string | null> {
  const row = await db.interaction.findUnique({ where: { id }, select: { sessionId: true } });
  return row?.sessionId ?? null;
}

/** No session of the bot could take it: gone at once. Answers who to tell, when this call made it so. */
export async function markUndeliverable(db: Db, id: bigint): Promise<InteractionAudience | null> {
  const rows = await db.$queryRaw<InteractionAudience[]>`
    UPDATE "Interaction" SET "state" = ${InteractionState.Gone}
    WHERE "id" = ${id} AND "state" = ${InteractionState.Delivered} AND "sessionId" IS NULL
    RETURNING "id", "userId", "channelId", "tabId"`;
  return rows[0] ?? null;
}

/** Every interaction past its 3 seconds still unanswered becomes gone; answers those this call changed. */
export async function markOverdue(db: Db): Promise<InteractionAudience[]> {
  return db.$queryRaw<InteractionAudience[]>`
    UPDATE "Interaction" SET "state" = ${InteractionState.Gone}
    WHERE "state" = ${InteractionState.Delivered} AND "deadlineAt" <= clock_timestamp()
    RETURNING "id", "userId", "channelId", "tabId"`;
}

/**
 * Forgets interactions an hour after their token stopped working: nothing can answer, follow
 * or click through them any more (their replies keep who used what in interaction_metadata).
 */
export async function removeExpired(db: Db): Promise<number> {
  return db.$executeRaw`DELETE FROM "Interaction" WHERE "expiresAt" < clock_timestamp() - interval '1 hour'`;
}

/** The one callback: delivered -> `next`, within the deadline. False when it was too late or not the first. */
export async function acknowledge(
  db: Db,
  id: bigint,
  next: InteractionStateName,
  callbackType: number,
): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "Interaction" SET "state" = ${next}, "callbackType" = ${callbackType}, "respondedAt" = clock_timestamp()
    WHERE "id" = ${id} AND "state" = ${InteractionState.Delivered} AND "deadlineAt" > clock_timestamp()
    RETURNING "id"`;
  return rows.length > 0;
}

/** Callback 9, the one callback: delivered -> form opened, within the deadline, the form kept with the row. */
export async function acknowledgeWithForm(db: Db, id: bigint, form: OpenedForm): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "Interaction" SET "state" = ${InteractionState.FormOpened}, "callbackType" = 9, "respondedAt" = clock_timestamp(),
      "data" = "data" || jsonb_build_object('form', ${JSON.stringify(form)}::jsonb)
    WHERE "id" = ${id} AND "state" = ${InteractionState.Delivered} AND "deadlineAt" > clock_timestamp()
    RETURNING "id"`;
  return rows.length > 0;
}

/** The form is submitted: once, within the 15 minutes, by the person it was opened for. False otherwise. */
export async function markSubmitted(db: Db, id: bigint, userId: bigint): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "Interaction" SET "state" = ${InteractionState.Submitted}
    WHERE "id" = ${id} AND "userId" = ${userId} AND "state" = ${InteractionState.FormOpened} AND "expiresAt" > clock_timestamp()
    RETURNING "id"`;
  return rows.length > 0;
}

/** A submission that could not be delivered gives the form back (it can be submitted again). */
export async function undoSubmitted(db: Db, id: bigint): Promise<void> {
  await db.$executeRaw`UPDATE "Interaction" SET "state" = ${InteractionState.FormOpened} WHERE "id" = ${id} AND "state" = ${InteractionState.Submitted}`;
}

/**
 * Form submissions that failed (their bot did not answer in time, or was not connected) give
 * their forms back, so the person may submit them again while the form's 15 minutes last.
 */
export async function reopenForms(db: Db, goneIds: bigint[]): Promise<void> {
  if (goneIds.length === 0) return;
  await db.$executeRaw`
    UPDATE "Interaction" AS o SET "state" = ${InteractionState.FormOpened}
    FROM "Interaction" AS s
    WHERE s."id" = ANY(${goneIds}::bigint[]) AND s."data" ? 'formOf' AND o."id" = (s."data"->>'formOf')::bigint AND o."state" = ${InteractionState.Submitted}`;
}

/**
 * A callback whose effect failed (its message could not be written) gives its turn back, so a
 * corrected callback may still come within the deadline.
 */
export async function undoAcknowledge(db: Db, id: bigint, from: InteractionStateName): Promise<void> {
  await db.$executeRaw`
    UPDATE "Interaction" SET "state" = ${InteractionState.Delivered}, "callbackType" = NULL, "respondedAt" = NULL
    WHERE "id" = ${id} AND "state" = ${from}`;
}

/** A deferred reply is filled (first follow-up or edit of @original): true for the one call that did it. */
export async function markFilled(db: Db, id: bigint): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    UPDATE "Interaction" SET "state" = ${InteractionState.Answered}
    WHERE "id" = ${id} AND "state" = ${InteractionState.Deferred}
    RETURNING "id"`;
  return rows.length > 0;
}

/** A fill whose edit failed gives the deferred reply back, so the next follow-up or edit fills it. */
export async function unmarkFilled(db: Db, id: bigint): Promise<void> {
  await db.$executeRaw`
    UPDATE "Interaction" SET "state" = ${InteractionState.Deferred}
    WHERE "id" = ${id} AND "state" = ${InteractionState.Answered}`;
}

export async function setOriginalMessage(
  db: Db,
  id: bigint,
  messageId: bigint | null,
  ephemeral: boolean,
): Promise<void> {
  await db.interaction.update({ where: { id }, data: { originalMessageId: messageId, originalEphemeral: ephemeral } });
}

/** An interaction by id, when `token` is its token. */
export async function interactionWithToken(db: Db, id: bigint, token: string): Promise<InteractionRow | null> {
  const row = await db.interaction.findUnique({ where: { id } });
  if (!row || row.tokenHash !== hashSecret(token)) return null;
  return row as unknown as InteractionRow;
}

/** An interaction by token while the token works as a webhook (15 minutes, by the database clock). */
export async function interactionByLiveToken(db: Db, token: string): Promise<InteractionRow | null> {
  const live = await db.$queryRaw<{ id: bigint }[]>`
    SELECT "id" FROM "Interaction" WHERE "tokenHash" = ${hashSecret(token)} AND "expiresAt" > clock_timestamp()`;
  const id = live[0]?.id;
  if (id === undefined) return null;
  return (await db.interaction.findUnique({ where: { id } })) as unknown as InteractionRow | null;
}

/**
 * The session that received the latest delivered interaction concerning a message: one used
 * on it, or the one it answers (`interactionId` from the message's interaction_metadata).
 */
export async function stickySession(db: Db, messageId: bigint, interactionId: bigint | null): Promise<string | null> {
  const row = await db.interaction.findFirst({
    where: {
      sessionId: { not: null },
      OR: [
        { sourceMessageId: messageId },
        { originalMessageId: messageId },
        ...(interactionId !== null ? [{ id: interactionId }] : []),
      ],
    },
    orderBy: { id: "desc" },
    select: { sessionId: true },
  });
  return row?.sessionId ?? null;
}
