import { CHECKED_PASSWORD_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@chat/auth/password-limits";
import { parseForm, zUsername } from "@chat/domain";
import { tooManySignUps } from "@chat/rate-limit";
import { z } from "zod";
import { spendPasswordCheck, throttledPasswords } from "../password-checks";
import { requireStrongPassword } from "../password-rule";
import { spendOrRefuse } from "../rate-limited";
import { protectedProcedure, publicProcedure, router } from "../trpc";
import { userRowView } from "../views";

const zPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

/** The password someone has now: only checked against the stored hash, never against today's rules. */
const zCurrentPassword = z
  .string()
  .min(1, "Enter your current password.")
  .max(CHECKED_PASSWORD_MAX, "Password does not match.");

/** Accounts: a username and a password, nothing else (no e-mail anywhere). */
export const accountRouter = router({
  /**
   * Creates a person; the username rules (2–32 of a-z 0-9 _ .) are the domain's, the password
   * rule (requireStrongPassword) is checked next. Before either (or the hash) runs, the call
   * spends one of the address's sign-up attempts an hour (refused ones count too: each may
   * cost a strength check) and one of its accounts an hour (given back when no account came
   * of it); counted first, so parallel calls cannot slip past.
   */
  signUp: publicProcedure
    .input(z.object({ username: z.string().max(64), password: zPassword }))
    .mutation(async ({ ctx, input }) => {
      const { attempts, accounts } = ctx.signUpLimits;
      await spendOrRefuse(ctx.rateLimits, attempts, ctx.clientAddress, tooManySignUps);
      await spendOrRefuse(ctx.rateLimits, accounts, ctx.clientAddress, tooManySignUps);
      try {
        const username = parseForm(zUsername, input.username.trim());
        await requireStrongPassword(input.password, [username]);
        const passwordHash = await ctx.passwords.hash(input.password);
        return userRowView(await ctx.domain.users.createPerson({ username, passwordHash }));
      } catch (error) {
        await ctx.rateLimits.refund(accounts, ctx.clientAddress);
        throw error;
      }
    }),

  me: protectedProcedure.query(({ ctx }) => ({
    id: ctx.me.id.toString(),
    username: ctx.me.username,
    displayName: ctx.me.displayName ?? ctx.me.username,
  })),

  /**
   * A new password (the sign-up rules) after the current one (a wrong one: 50035 naming
   * `currentPassword`). Every other session of the person ends; this one stays signed in.
   * One of the person's password checks is spent first; the current password counts into the
   * account's sign-in throttle (throttledPasswords).
   */
  changePassword: protectedProcedure
    .input(z.object({ currentPassword: zCurrentPassword, newPassword: zPassword }))
    .mutation(async ({ ctx, input }) => {
      await spendPasswordCheck(ctx);
      await requireStrongPassword(input.newPassword, [ctx.me.username], "newPassword");
      return ctx.domain.accounts.changePassword(
        ctx.me.id,
        { ...input, keepSessionId: ctx.webSession.id },
        await throttledPasswords(ctx),
      );
    }),

  /** Ends every session of the person, this one included: the browser goes back to the login page. */
  logOutEverywhere: protectedProcedure.mutation(async ({ ctx }) => {
    return { endedSessions: await ctx.domain.webSessions.endAll(ctx.me.id) };
  }),
});
