import type { z } from "zod";
import { type FieldPath, refuse } from "./form";

/** Schemes of a link (link button, embed `url`, embed author `url`). */
export const LINK_SCHEMES = ["http", "https"] as const;
/** Schemes of a picture in an embed: a link, or `attachment://<filename>` (a file of the same message). */
export const PICTURE_SCHEMES = ["http", "https", "attachment"] as const;

/**
 * A URL a client will open or load: well formed (URL_TYPE_INVALID_URL) with one of `schemes`
 * (URL_TYPE_INVALID_SCHEME, so no `javascript:` or `data:`), as the reference answers. The scheme
 * is the one a browser reads (the WHATWG parser drops surrounding spaces and inner tabs).
 */
export function checkUrl(ctx: z.RefinementCtx, path: FieldPath, url: string, schemes: readonly string[]): void {
  // `attachment://<filename>` names a file, which need not be a valid URL host (spaces, capitals).
  if (schemes.includes("attachment") && url.startsWith("attachment://")) return;
  let scheme: string;
  try {
    scheme = new URL(url).protocol.slice(0, -1);
  } catch {
    refuse(ctx, path, "URL_TYPE_INVALID_URL", "Not a well formed URL.");
    return;
  }
  if (!schemes.includes(scheme)) {
    const allowed = schemes.map((s) => `'${s}'`).join(", ");
    refuse(
      ctx,
      path,
      "URL_TYPE_INVALID_SCHEME",
      `Scheme "${scheme}" is not supported. Scheme must be one of (${allowed}).`,
    );
  }
}
