import { hexOf } from "./role-draft";

/** A role's colour as a dot (grey for a role without one); decorative, the name says which role. */
export function RoleColourDot({ color, size = "size-3" }: { color: number; size?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`${size} shrink-0 rounded-full`}
      style={{ backgroundColor: color ? hexOf(color) : "var(--color-role-default)" }}
    />
  );
}
