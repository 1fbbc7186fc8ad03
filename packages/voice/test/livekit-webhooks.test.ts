import { createHash } from "node:crypto";
import { AccessToken } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { LiveKitWebhooks } from "../src/livekit-webhooks";

const KEY = "devkey";
const SECRET = "a-secret-of-at-least-32-characters-xx";

/** Signs a body the way LiveKit does: a JWT from the API key whose `sha256` claim is the body's hash. */
async function signed(body: string, secret = SECRET): Promise<string> {
  const token = new AccessToken(KEY, secret);
  token.sha256 = createHash("sha256").update(body).digest("base64");
  return token.toJwt();
}

const joined = JSON.stringify({
  event: "participant_joined",
  room: { name: "4242" },
  participant: { identity: "77", sid: "PA_abc", metadata: '{"self_mute":true}' },
  id: "EV_1",
  createdAt: "1795569746",
});

describe("LiveKit webhooks", () => {
  const webhooks = new LiveKitWebhooks(KEY, SECRET);

  it("a signed participant_joined reads as a join of that identity in that room", async () => {
    expect(await webhooks.receive(joined, await signed(joined))).toEqual({
      kind: "joined",
      report: { room: "4242", participant: { identity: "77", sid: "PA_abc", metadata: '{"self_mute":true}' } },
    });
  });

  it("participant_left and participant_connection_aborted read as leaves", async () => {
    for (const event of ["participant_left", "participant_connection_aborted"]) {
      const body = joined.replace("participant_joined", event);
      expect((await webhooks.receive(body, await signed(body)))?.kind).toBe("left");
    }
  });

  it("events voice does not follow read as nothing", async () => {
    const body = JSON.stringify({ event: "room_started", room: { name: "4242" }, id: "EV_2" });
    expect(await webhooks.receive(body, await signed(body))).toBeNull();
  });

  it("refuses an unsigned body, one signed with another secret, and one changed after signing", async () => {
    await expect(webhooks.receive(joined, undefined)).rejects.toThrow();
    await expect(webhooks.receive(joined, await signed(joined, "another-secret-of-at-least-32-characters"))).rejects.toThrow();
    const tampered = joined.replace('"77"', '"78"');
    await expect(webhooks.receive(tampered, await signed(joined))).rejects.toThrow();
  });
});
