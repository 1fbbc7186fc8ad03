import { getWebContext } from "@/server/context";

/**
 * An application's picture, `/app-icons/{application}/{hash}.png` (any extension: the stored
 * type is what is served). Public, like the reference platform's CDN; hashes never change.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ appId: string; file: string }> }) {
  const { appId, file } = await params;
  const match = /^([0-9a-f]{32})\.(png|jpg|jpeg|gif|webp)$/.exec(file);
  if (!/^[0-9]{1,19}$/.test(appId) || !match) return new Response("Not found", { status: 404 });
  const picture = await (await getWebContext()).domain.pictures.get(
    { kind: "app-icon", id: BigInt(appId) },
    match[1] as string,
  );
  if (!picture) return new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(picture.data), {
    headers: {
      "content-type": picture.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}
