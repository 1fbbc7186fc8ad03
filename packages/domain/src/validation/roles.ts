import { z } from "zod";
import { parsePermissionBits } from "../permissions/bits";
import { zId } from "./common";

export const ROLE_NAME_MAX = 100;
const COLOR_MAX = 0xffffff;

/** A permission bit field as a decimal string (or a safe integer); unknown bits are dropped. */
const zRolePermissions = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const bits = parsePermissionBits(value);
  if (bits === null) {
    ctx.addIssue({ code: "custom", message: "Invalid permission bit field." });
    return z.NEVER;
  }
  return bits;
});

const zColor = z
  .number()
  .int()
  .min(0, `int value should be between 0 and ${COLOR_MAX}.`)
  .max(COLOR_MAX, `int value should be between 0 and ${COLOR_MAX}.`);

/**
 * Role fields of create and edit (spec: Roles): `name`, `permissions`, `color` or
 * `colors.primary_color`, `hoist`, `mentionable`. Null means "leave as is"; other fields of the
 * reference platform (icon, unicode_emoji) are accepted and ignored.
 */
export const zRoleFields = z.object({
  name: z.string().max(ROLE_NAME_MAX, `Must be ${ROLE_NAME_MAX} or fewer in length.`).nullable().optional(),
  permissions: zRolePermissions.nullable().optional(),
  color: zColor.nullable().optional(),
  colors: z
    .object({
      primary_color: zColor.nullable().optional(),
      secondary_color: zColor.nullable().optional(),
      tertiary_color: zColor.nullable().optional(),
    })
    .nullable()
    .optional(),
  hoist: z.boolean().nullable().optional(),
  mentionable: z.boolean().nullable().optional(),
});

export type RoleFieldsInput = z.output<typeof zRoleFields>;

/** The role fields @everyone may not have changed (spec: "@everyone can only have its permissions changed"). */
export const EVERYONE_FIXED_FIELDS = ["name", "color", "colors", "hoist", "mentionable"] as const;

/** PATCH /guilds/{guild}/roles: an array of `{ id, position }` (spec: Role position entry). */
export const zRolePositions = z
  .array(
    z.object({
      id: zId,
      position: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1)
        .nullable()
        .optional(),
    }),
  )
  .min(1, "Must be between 1 and 250 in length.")
  .max(250, "Must be between 1 and 250 in length.");

export type RolePositionsInput = z.output<typeof zRolePositions>;
