import { CHECKED_PASSWORD_MAX } from "@chat/auth/password-limits";
import { changingProfileTooOften, PROFILE_UPDATE_LIMIT } from "@chat/rate-limit";
import { Errors } from "@chat/domain";
import { z } from "zod";
import { zSnowflake } from "../inputs";
import { spendPasswordCheck, throttledPasswords } from "../password-checks";
import { DELETE_ACCOUNT_CONFIRMATION } from "../people-rules";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, router } from "../trpc";
import { type UserView, userView } from "../views";

/** A DM channel as the Home list shows it: the other person (or bot) and the newest message. */
export interface DmView {
  id: string;
  recipient: UserView;
  lastMessageId: string | null;
}

/** What the person's own profile settings show. */
export interface ProfileView extends UserView {
  avatar: string | null;
  /** The display name as set (null: the username is shown). */
  globalName: string | null;
}

interface WireDm {
  id: string;
  last_message_id?: string | null;
  recipients?: { id: string; username: string; global_name?: string | null; bot?: boolean; avatar?: string | null }[];
}

function dmView(channel: WireDm): DmView | null {
  const other = channel.recipients?.[0];
  if (!other) return null;
  return { id: channel.id, recipient: userView(other), lastMessageId: channel.last_message_id ?? null };
}

/** People: DMs, profiles, one's own display name and picture, and deleting one's account. */
export const peopleRouter = router({
  /** The person's DMs (with people and with bots), the most recently active first. */
  dms: protectedProcedure.query(async ({ ctx }): Promise<DmView[]> => {
    const channels = (await ctx.domain.directMessages.list(ctx.me.id)) as unknown as WireDm[];
    return channels.map(dmView).filter((dm): dm is DmView => dm !== null);
  }),

  /**
   * Opens (or finds) the DM with someone, through the same service as POST /users/@me/channels:
   * only a person sharing a guild; anyone else is refused alike (50007).
   */
  openDm: protectedProcedure
    .input(z.object({ userId: zSnowflake }))
    .mutation(async ({ ctx, input }): Promise<DmView> => {
      const dm = dmView(
        (await ctx.domain.directMessages.open(ctx.me.id, {
          recipient_id: input.userId.toString(),
        })) as unknown as WireDm,
      );
      if (!dm) throw Errors.cannotMessageUser();
      return dm;
    }),

  /** The person's own profile. */
  me: protectedProcedure.query(async ({ ctx }): Promise<ProfileView> => {
    const wire = await ctx.domain.users.getWire(ctx.me.id);
    return { ...userView(wire), avatar: wire.avatar ?? null, globalName: wire.global_name ?? null };
  }),

  /**
   * Sets the display name (1–32 characters; empty clears it) and/or the picture (PNG, JPEG, GIF
   * or WebP image data up to 1 MB; null removes it), as PATCH /users/@me does for bots.
   */
  updateProfile: protectedProcedure
    .input(
      z.object({
        globalName: z.string().max(200).nullable().optional(),
        avatar: z.string().max(2_000_000).nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }): Promise<ProfileView> => {
      await spendOrRefuse(ctx.rateLimits, PROFILE_UPDATE_LIMIT, ctx.me.id.toString(), changingProfileTooOften);
      const self = await ctx.domain.users.updatePerson(ctx.me.id, {
        ...(input.globalName !== undefined ? { global_name: input.globalName } : {}),
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
      });
      return { ...userView(self), avatar: self.avatar ?? null, globalName: self.global_name ?? null };
    }),

  /**
   * Deletes the account once the person typed the confirmation word and their password
   * (messages stay under "Deleted User"; refused while the person owns guilds or applications). Every session ends, this one too.
   * The password check is limited as changing the password is (spendPasswordCheck, throttledPasswords).
   */
  deleteAccount: protectedProcedure
    .input(
      z.object({
        confirmation: z.string().max(100),
        password: z.string().max(CHECKED_PASSWORD_MAX, "Password does not match."),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      if (input.confirmation.trim() !== DELETE_ACCOUNT_CONFIRMATION) {
        throw Errors.invalidForm({
          confirmation: {
            _errors: [{ code: "CONFIRMATION_MISMATCH", message: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.` }],
          },
        });
      }
      await spendPasswordCheck(ctx);
      await ctx.domain.accounts.confirmPassword(ctx.me.id, input.password, await throttledPasswords(ctx));
      await ctx.domain.accounts.delete(ctx.me.id);
      return { deleted: true };
    }),
});
