import { z } from "zod";
import { zSnowflake } from "../inputs";
import { byRankDescending, type RoleSettings, roleSettingsView } from "../role-views";
import { protectedProcedure, router } from "../trpc";

/**
 * A role's fields as the settings send them, named as the bots' REST API names them; their
 * limits (name length, colour range, permission bits) are the domain's, which answers 50035.
 */
const zRoleFields = z.object({
  name: z.string().optional(),
  color: z.number().optional(),
  hoist: z.boolean().optional(),
  mentionable: z.boolean().optional(),
  permissions: z.string().optional(),
});

const zRole = z.object({ guildId: zSnowflake, roleId: zSnowflake });

/**
 * The guild's Roles settings: the same role service as the bots' REST routes, so Manage Roles,
 * granting only permissions one holds and rule 10's hierarchy are decided there, once. Each
 * change reaches bots and people as GUILD_ROLE_CREATE / UPDATE / DELETE.
 */
export const rolesRouter = router({
  /** Every role, highest first, with what the person may do to each. */
  settings: protectedProcedure
    .input(z.object({ guildId: zSnowflake }))
    .query(async ({ ctx, input }): Promise<RoleSettings> => {
      const guildId = input.guildId.toString();
      const editor = await ctx.domain.roles.listForEditor(input.guildId, ctx.me.id);
      return {
        roles: editor.roles
          .map(({ role, withinReach }) => roleSettingsView(role, guildId, withinReach))
          .sort(byRankDescending),
        owner: editor.owner,
        canManageRoles: editor.canManageRoles,
        grantable: editor.permissions.toString(),
        highestRoleId: editor.highestRoleId.toString(),
      };
    }),

  /** A new role just above @everyone (Manage Roles; only permissions the person holds). */
  create: protectedProcedure.input(zRoleFields.extend({ guildId: zSnowflake })).mutation(async ({ ctx, input }) => {
    const { guildId, ...fields } = input;
    const role = await ctx.domain.roles.create(ctx.me.id, guildId, fields);
    return { id: role.id };
  }),

  /** Changes a role below the person's highest; @everyone only its permissions. */
  update: protectedProcedure.input(zRoleFields.extend(zRole.shape)).mutation(async ({ ctx, input }) => {
    const { guildId, roleId, ...fields } = input;
    const role = await ctx.domain.roles.update(ctx.me.id, guildId, roleId, fields);
    return { id: role.id };
  }),

  /**
   * Puts a role at `position` (1 is just above @everyone), the roles between shifting by one;
   * neither the role nor its new place may be at or above the person's highest role.
   */
  move: protectedProcedure.input(zRole.extend({ position: z.number() })).mutation(async ({ ctx, input }) => {
    await ctx.domain.roles.move(ctx.me.id, input.guildId, [{ id: input.roleId.toString(), position: input.position }]);
    return { id: input.roleId.toString() };
  }),

  /** Deletes a role below the person's highest; never @everyone or a bot's own role. */
  remove: protectedProcedure.input(zRole).mutation(async ({ ctx, input }) => {
    await ctx.domain.roles.remove(ctx.me.id, input.guildId, input.roleId);
    return { id: input.roleId.toString() };
  }),
});
