import type { DisconnectReason } from "livekit-client";

type LiveKit = typeof import("livekit-client");

/** What went wrong with the microphone, in plain words. */
export function microphoneProblem({ MediaDeviceFailure }: LiveKit, error: unknown): string {
  switch (MediaDeviceFailure.getFailure(error)) {
    case MediaDeviceFailure.PermissionDenied:
      return "Your browser blocked the microphone. Allow it in the address bar, then try again.";
    case MediaDeviceFailure.NotFound:
      return "No microphone was found. Plug one in, then try again.";
    case MediaDeviceFailure.DeviceInUse:
      return "Your microphone is in use by another app. Close it, then try again.";
    default:
      return "Your microphone could not be started. Check it, then try again.";
  }
}

/** Why the call ended without the person asking, in plain words. */
export function disconnectProblem({ DisconnectReason }: LiveKit, reason: DisconnectReason | undefined): string {
  switch (reason) {
    case DisconnectReason.PARTICIPANT_REMOVED:
      return "You were removed from the voice channel.";
    case DisconnectReason.ROOM_DELETED:
      return "The voice channel was closed.";
    case DisconnectReason.DUPLICATE_IDENTITY:
      return "You joined voice somewhere else, so this tab left.";
    default:
      return "You were disconnected from voice. Join again to continue.";
  }
}

export const CONNECT_PROBLEM = "Couldn’t reach the voice server. Check your connection, then try again.";

/** The server's answer to a join it refused ("Voice is not configured…", "Missing Permissions"). */
export function joinProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/not configured/i.test(message)) return "Voice isn’t set up on this server.";
  if (/missing permissions/i.test(message)) return "You don’t have permission to join this voice channel.";
  return message ? `Couldn’t join voice: ${message}` : CONNECT_PROBLEM;
}
