import type { RoleView } from "@chat/api";

/** A role without a colour (0) shows the platform's default grey. */
const NO_COLOUR = "var(--color-role-default)";

export function roleColour(role: RoleView): string {
  return role.color === 0 ? NO_COLOUR : `#${role.color.toString(16).padStart(6, "0")}`;
}

/** A member's roles as chips, each with its colour dot, highest role first. */
export function RoleChips({ roles, label }: { roles: RoleView[]; label: string }) {
  if (roles.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-1.5">
      {roles.map((role) => (
        <li
          key={role.id}
          data-testid="role-chip"
          data-role-id={role.id}
          className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-line bg-raised px-2 py-0.5 text-xs text-text"
        >
          <span
            aria-hidden="true"
            data-testid="role-colour"
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: roleColour(role) }}
          />
          <span className="truncate">{role.name}</span>
        </li>
      ))}
    </ul>
  );
}
