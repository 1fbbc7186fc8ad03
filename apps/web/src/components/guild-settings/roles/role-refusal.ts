import { isForbidden } from "@/lib/errors";

/**
 * A refused role change in words for a person: the service answers "Missing Permissions" alike
 * for a role out of reach and a permission the person lacks (the controls are disabled before
 * either; this is when someone else's change got there first).
 */
export function roleRefusalMessage(error: unknown, fallback: string): string {
  return isForbidden(error)
    ? "That change is out of your reach now: you can only change roles below your highest role, and grant permissions you have yourself."
    : fallback;
}
