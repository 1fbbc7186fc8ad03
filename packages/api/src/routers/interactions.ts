import { AUTOCOMPLETE_LIMIT, askingForChoicesTooOften, INTERACTION_LIMIT, usingAppsTooOften } from "@chat/rate-limit";
import type { APIApplicationCommandInteractionDataOption } from "discord-api-types/v10";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";

/** An option as the interaction's data carries it (name, type, value; subcommands nest); the domain checks it against the command. */
type OptionInput = { name: string; type: number; value?: string | number | boolean; options?: OptionInput[] };
const zOption: z.ZodType<OptionInput> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(32),
    type: z.number().int().min(1).max(11),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    options: z.array(zOption).max(25).optional(),
  }),
);

/** An option being typed: as {@link zOption}, and one of them (perhaps under a subcommand) `focused`. */
type TypedOptionInput = Omit<OptionInput, "options"> & { focused?: boolean; options?: TypedOptionInput[] };
const zTypedOption: z.ZodType<TypedOptionInput> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(32),
    type: z.number().int().min(1).max(11),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    focused: z.boolean().optional(),
    options: z.array(zTypedOption).max(25).optional(),
  }),
);

/** The live stream's id of the tab that acts: the outcome (INTERACTION_UPDATE) is told to it. */
const zTabId = z.string().min(1).max(64).optional();

/** Every use of an app by one person spends from one bucket (INTERACTION_LIMIT), refused before anything is checked. */
const appUseProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await spendOrRefuse(ctx.rateLimits, INTERACTION_LIMIT, ctx.me.id.toString(), usingAppsTooOften);
  return next();
});

/** Typing into an autocomplete option spends from its own, larger bucket (AUTOCOMPLETE_LIMIT). */
const choicesProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  await spendOrRefuse(ctx.rateLimits, AUTOCOMPLETE_LIMIT, ctx.me.id.toString(), askingForChoicesTooOften);
  return next();
});

export const interactionsRouter = router({
  /**
   * The person uses a command in a guild channel: a slash command with its options, or a user
   * or message command on `targetId`. Answers the interaction's id once it is created (the
   * application's answer arrives live); a refusal is the domain's (50035 with what is wrong,
   * 10063 for a command they may not use there).
   */
  useCommand: appUseProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        commandId: zSnowflake,
        options: z.array(zOption).max(25).optional(),
        targetId: zSnowflake.optional(),
        tabId: zTabId,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.domain.interactions.useCommand(ctx.me.id, {
        channelId: input.channelId,
        commandId: input.commandId,
        ...(input.options ? { options: input.options as APIApplicationCommandInteractionDataOption[] } : {}),
        ...(input.targetId !== undefined ? { targetId: input.targetId } : {}),
        ...(input.tabId ? { tabId: input.tabId } : {}),
      }),
    ),

  /**
   * The person types into an option marked `autocomplete` of a slash command: `options` as for
   * `useCommand` (those filled so far, under the subcommand), exactly one `focused` with what is
   * typed so far. Answers the interaction's id; the choices (AUTOCOMPLETE_RESULT) or a failure
   * (INTERACTION_UPDATE) arrive live, told to this tab.
   */
  autocomplete: choicesProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        commandId: zSnowflake,
        options: z.array(zTypedOption).min(1).max(25),
        tabId: zTabId,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.domain.interactions.autocomplete(ctx.me.id, {
        channelId: input.channelId,
        commandId: input.commandId,
        options: input.options as APIApplicationCommandInteractionDataOption[],
        ...(input.tabId ? { tabId: input.tabId } : {}),
      }),
    ),

  /** The person clicks a button or picks in a select of a message (also of an ephemeral one of theirs). */
  useComponent: appUseProcedure
    .input(
      z.object({
        channelId: zSnowflake,
        messageId: zSnowflake,
        customId: z.string().min(1).max(100),
        values: z.array(z.string().max(100)).max(25).optional(),
        tabId: zTabId,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.domain.interactions.useComponent(ctx.me.id, {
        channelId: input.channelId,
        messageId: input.messageId,
        customId: input.customId,
        ...(input.values ? { values: input.values } : {}),
        ...(input.tabId ? { tabId: input.tabId } : {}),
      }),
    ),

  /**
   * The person submits a form an application opened for them, with the interaction it answered
   * and their answers by custom_id (a text, or a select's values). The domain checks them
   * against the form (50035 naming `answers.<custom_id>`; 10062 gone; 40060 submitted already).
   */
  submitForm: protectedProcedure
    .input(
      z.object({
        interactionId: zSnowflake,
        answers: z.record(z.string().max(100), z.union([z.string().max(8000), z.array(z.string().max(100)).max(25)])),
        tabId: zTabId,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.domain.interactions.submitForm(ctx.me.id, {
        interactionId: input.interactionId,
        answers: input.answers,
        ...(input.tabId ? { tabId: input.tabId } : {}),
      }),
    ),
});
