import { getSessionUser } from "@/server/auth";
import { getWebContext } from "@/server/context";

const NOT_FOUND = () => new Response("Not found", { status: 404 });

/**
 * A cover added to an event in the app, `/event-covers/{event}/{hash}`: stored encrypted, so
 * never on the CDN; opened for a signed-in person who can see the event, and answered as not
 * found to anyone else (spec: Pictures). Private to the browser: a version never changes, but
 * the next person on the same machine may not see the event.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ eventId: string; hash: string }> }) {
  const { eventId, hash } = await params;
  if (!/^[0-9]{1,19}$/.test(eventId) || !/^[0-9a-f]{32}$/.test(hash)) return NOT_FOUND();
  const user = await getSessionUser();
  if (!user) return NOT_FOUND();
  const cover = await (await getWebContext()).domain.scheduledEvents.appCover(BigInt(eventId), BigInt(user.id), hash);
  if (!cover) return NOT_FOUND();
  return new Response(new Uint8Array(cover.data), {
    headers: {
      "content-type": cover.contentType,
      "cache-control": "private, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}
