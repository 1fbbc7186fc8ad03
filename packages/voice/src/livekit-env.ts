import type { LiveKitAccess } from "./livekit-media";

/**
 * LIVEKIT_URL (where this service reaches LiveKit), LIVEKIT_PUBLIC_URL (where browsers and bots
 * connect; default LIVEKIT_URL), LIVEKIT_API_KEY and LIVEKIT_API_SECRET. Undefined without a
 * URL: voice is off. A URL without keys is a configuration error, said at start.
 */
export function readLiveKitAccess(env: NodeJS.ProcessEnv): LiveKitAccess | undefined {
  const url = env.LIVEKIT_URL?.trim();
  if (!url) return undefined;
  const apiKey = env.LIVEKIT_API_KEY?.trim();
  const apiSecret = env.LIVEKIT_API_SECRET?.trim();
  if (!apiKey || !apiSecret)
    throw new Error("LIVEKIT_URL is set: LIVEKIT_API_KEY and LIVEKIT_API_SECRET are needed too.");
  if (!/^(wss?|https?):\/\//.test(url))
    throw new Error(`LIVEKIT_URL is not a ws://, wss://, http:// or https:// address: ${url}`);
  const publicUrl = env.LIVEKIT_PUBLIC_URL?.trim() || url;
  return { url, publicUrl: publicUrl.replace(/^http/, "ws"), apiKey, apiSecret };
}

/** What a LiveKit server this service starts inherits from its environment: PATH and HOME, nothing else. */
export function liveKitProcessEnv(env: NodeJS.ProcessEnv = process.env): { PATH: string; HOME: string } {
  return { PATH: env.PATH ?? "/usr/bin:/bin", HOME: env.HOME ?? "/" };
}
