import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The device cookie: set on a successful sign-in, it names the account that signed in from
 * this browser and the browser's own random id, signed with the app's secret. While it names
 * the account being signed in to, that sign-in is throttled per device (sign-in-throttle.ts in
 * @chat/rate-limit): failures from elsewhere that lock the account do not keep its owner out.
 * It proves nothing else and signs no one in.
 */

/** A year: signing in again renews it. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface DeviceCookie {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; secure: boolean; path: "/"; maxAge: number };
}

const VERSION = "d1";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** Usernames are 2–32 of a-z 0-9 _ . (normalized to lower case before they get here). */
const USERNAME = /^[a-z0-9_.]{1,64}$/;

/** `__Host-` on https: only this origin over TLS can set or read it. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-chat-device" : "chat-device";
}

function normalize(username: string): string {
  return username.trim().toLowerCase();
}

function signature(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`chat device cookie\n${payload}`).digest("base64url");
}

/**
 * The device id a cookie value carries when it is signed with `secret`, unexpired and names
 * `username`; otherwise null.
 */
export function deviceIdFor(
  secret: string,
  value: string | undefined,
  username: string,
  now = Date.now(),
): string | null {
  const parts = value?.split("~") ?? [];
  if (parts.length !== 5) return null;
  const [version = "", deviceId = "", issuedAt = "", name = "", mac = ""] = parts;
  if (version !== VERSION || !DEVICE_ID.test(deviceId) || !/^[0-9a-z]{1,12}$/.test(issuedAt) || !USERNAME.test(name))
    return null;
  const expected = Buffer.from(signature(secret, `${version}~${deviceId}~${issuedAt}~${name}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const age = now - Number.parseInt(issuedAt, 36) * 1000;
  if (age < 0 || age > DEVICE_COOKIE_MAX_AGE_SECONDS * 1000) return null;
  return name === normalize(username) ? deviceId : null;
}

/** The device id a (signed) cookie value carries, whatever account it names; null for anything else. */
export function deviceIdOf(secret: string, value: string | undefined): string | null {
  const name = value?.split("~")[3];
  return name ? deviceIdFor(secret, value, name) : null;
}

/**
 * The cookie to set after `username` signed in: the browser keeps its device id (a new one if
 * it had none), the cookie now names this account.
 */
export function deviceCookieFor(
  secret: string,
  username: string,
  secure: boolean,
  existingDeviceId: string | null = null,
  now = Date.now(),
): DeviceCookie {
  const deviceId = existingDeviceId ?? randomBytes(16).toString("base64url");
  const payload = `${VERSION}~${deviceId}~${Math.floor(now / 1000).toString(36)}~${normalize(username)}`;
  return {
    name: deviceCookieName(secure),
    value: `${payload}~${signature(secret, payload)}`,
    options: { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS },
  };
}
