import { PASSWORD_MAX, PASSWORD_MIN } from "@chat/auth/password-limits";
import { checkPasswordStrength } from "@chat/auth/password-strength";
import { type Domain, parseId } from "@chat/domain";
import { type ParsedCommand, required, UsageError } from "../args";

type Options = ParsedCommand["options"];

export type Output = Record<string, unknown>;

export function idOption(options: Options, name: string): bigint {
  const id = parseId(required(options, name));
  if (id === null) throw new UsageError(`--${name} must be a numeric id`);
  return id;
}

/** `--limit N`: a whole number from 1 to `max`, else `fallback`. */
export function limitOption(options: Options, fallback: number, max: number): number {
  const raw = options.limit;
  if (raw === undefined) return fallback;
  const limit = Number(raw);
  if (!/^[0-9]+$/.test(raw) || limit < 1 || limit > max)
    throw new UsageError(`--limit must be a whole number from 1 to ${max}`);
  return limit;
}

/** A password an operator sets for someone: the web app's rule (hard to guess, not the username). */
export async function strongPasswordOption(options: Options, username: string): Promise<string> {
  const password = required(options, "password");
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    throw new UsageError(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long`);
  const strength = await checkPasswordStrength(password, [username]);
  if (!strength.ok) throw new UsageError(`--password is too easy to guess: ${strength.message}`);
  return password;
}

export async function userByName(domain: Domain, username: string) {
  const user = await domain.users.findByUsername(username);
  if (!user) throw new UsageError(`unknown user: ${username}`);
  return user;
}

export async function guildOwner(domain: Domain, guildId: bigint): Promise<bigint> {
  const ownerId = await domain.guildDirectory.ownerOf(guildId);
  if (ownerId === null) throw new UsageError(`unknown guild: ${guildId}`);
  return ownerId;
}

export async function applicationOwner(domain: Domain, applicationId: bigint): Promise<bigint> {
  const ownerId = await domain.applications.ownerOf(applicationId);
  if (ownerId === null) throw new UsageError(`unknown application: ${applicationId}`);
  return ownerId;
}
