import { createHmac, timingSafeEqual } from "node:crypto";
import type { Clock } from "./clock";
import type { PublicUrls } from "./config";

/** How long a signed attachment URL works, as on the reference platform: 24 hours. */
export const ATTACHMENT_URL_VALIDITY_SECONDS = 24 * 60 * 60;

/** What signing needs: the CDN root, the time and the key every node and the web app share. */
export interface AttachmentSigning {
  urls: PublicUrls;
  clock: Clock;
  attachmentSigningKey: string;
}

/** An uploaded file as a URL names it. */
export interface AttachmentName {
  id: bigint;
  filename: string;
}

/** The signature's query parameters as received (repeated or missing ones are refused). */
export interface AttachmentUrlQuery {
  ex?: unknown;
  is?: unknown;
  hm?: unknown;
}

const SECONDS_HEX = /^[0-9a-f]{1,12}$/;
const SIGNATURE_HEX = /^[0-9a-f]{64}$/;

/** The file's address without a signature: the form stored in embeds (never served). */
export function unsignedAttachmentUrl(urls: PublicUrls, channelId: bigint, attachment: AttachmentName): string {
  return `${urls.cdnUrl}/attachments/${channelId}/${attachment.id}/${encodeURIComponent(attachment.filename)}`;
}

/**
 * HMAC-SHA256 over the path below the CDN root (ids and the filename as stored, not as encoded)
 * and both times, so a signature fits one file and one validity window only.
 */
function signature(key: string, path: string, ex: string, is: string): Buffer {
  return createHmac("sha256", key).update(`${path}\n${ex}\n${is}`).digest();
}

function nowSeconds(clock: Clock): number {
  return Math.floor(clock.now().getTime() / 1000);
}

/**
 * `?ex=…&is=…&hm=…` for the file at `path` below the CDN root (segments as stored, unencoded),
 * valid for `validitySeconds` from now.
 */
export function signedQuery(signing: AttachmentSigning, path: string, validitySeconds: number): string {
  const issued = nowSeconds(signing.clock);
  const is = issued.toString(16);
  const ex = (issued + validitySeconds).toString(16);
  const hm = signature(signing.attachmentSigningKey, path, ex, is).toString("hex");
  return `?ex=${ex}&is=${is}&hm=${hm}`;
}

/**
 * The seconds a request's signed URL for `path` still works, or null when it does not: no or a
 * malformed signature, one made for another file or other times, one issued for longer than
 * `validitySeconds`, or an expired one.
 */
export function signedPathSecondsLeft(
  signing: AttachmentSigning,
  path: string,
  query: AttachmentUrlQuery,
  validitySeconds: number,
): number | null {
  const { ex, is, hm } = query;
  if (typeof ex !== "string" || typeof is !== "string" || typeof hm !== "string") return null;
  if (!SECONDS_HEX.test(ex) || !SECONDS_HEX.test(is) || !SIGNATURE_HEX.test(hm)) return null;
  const expected = signature(signing.attachmentSigningKey, path, ex, is);
  if (!timingSafeEqual(Buffer.from(hm, "hex"), expected)) return null;
  const expires = Number.parseInt(ex, 16);
  const left = expires - nowSeconds(signing.clock);
  if (left <= 0 || expires - Number.parseInt(is, 16) > validitySeconds) return null;
  return left;
}

const attachmentPath = (channelId: bigint, attachmentId: bigint, filename: string) =>
  `attachments/${channelId}/${attachmentId}/${filename}`;

/** `…/attachments/{channel}/{attachment}/{filename}?ex=…&is=…&hm=…`, valid for 24 hours from now. */
export function signedAttachmentUrl(signing: AttachmentSigning, channelId: bigint, attachment: AttachmentName): string {
  const query = signedQuery(
    signing,
    attachmentPath(channelId, attachment.id, attachment.filename),
    ATTACHMENT_URL_VALIDITY_SECONDS,
  );
  return `${unsignedAttachmentUrl(signing.urls, channelId, attachment)}${query}`;
}

/** The seconds a message attachment's signed URL still works, or null (signedPathSecondsLeft). */
export function attachmentUrlSecondsLeft(
  signing: AttachmentSigning,
  channelId: bigint,
  attachmentId: bigint,
  filename: string,
  query: AttachmentUrlQuery,
): number | null {
  return signedPathSecondsLeft(
    signing,
    attachmentPath(channelId, attachmentId, filename),
    query,
    ATTACHMENT_URL_VALIDITY_SECONDS,
  );
}

/**
 * Embeds with each address of one of the message's own files freshly signed: values written as
 * `attachment://<filename>` were stored as the file's unsigned address, and a bot re-sending a
 * received embed sends one with an old signature. Addresses of other messages' files are left
 * as they are: signing them would hand out files of channels the sender may not see.
 */
export function signEmbedAttachmentUrls(
  signing: AttachmentSigning,
  embeds: unknown[],
  channelId: bigint,
  attachments: AttachmentName[],
): unknown[] {
  if (attachments.length === 0 || embeds.length === 0) return embeds;
  const signed = new Map(
    attachments.map((a) => [
      unsignedAttachmentUrl(signing.urls, channelId, a),
      () => signedAttachmentUrl(signing, channelId, a),
    ]),
  );
  const replace = (value: unknown): unknown => {
    if (typeof value === "string") return signed.get(withoutQuery(value))?.() ?? value;
    if (Array.isArray(value)) return value.map(replace);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replace(v)]));
    return value;
  };
  return embeds.map(replace);
}

/** A URL without its query string and fragment. */
export function withoutQuery(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
