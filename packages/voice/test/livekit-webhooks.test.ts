import { createHash } from "node:crypto";
import { AccessToken } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { LiveKitWebhooks } from "../src/livekit-webhooks";

const KEY = "devkey";
const SECRET = "a-secret-of-at-least-32-characters-xx";

/** Signs a body the way LiveKit does: a JWT from the API key whose `sha256` claim is the body's hash. */
async function signed(body: string, secret = SECRET, ttl: string | number = "6h"): Promise<string> {
  const token = new AccessToken(KEY, secret, { ttl });
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

  it("a signed participant_joined reads as a join of that identity in that room, with its event id", async () => {
    expect(await webhooks.receive(joined, await signed(joined))).toEqual({
      id: "EV_1",
      signedUntilMs: expect.any(Number),
      change: {
        kind: "joined",
        report: { room: "4242", participant: { identity: "77", sid: "PA_abc", metadata: '{"self_mute":true}' } },
      },
    });
  });

  it("says until when the signature verifies (its expiry, plus the verifier's 10 s leeway); an event without an id is known by its body", async () => {
    const before = Date.now();
    const { signedUntilMs } = await webhooks.receive(joined, await signed(joined, SECRET, 300));
    expect(signedUntilMs).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 310_000);
    expect(signedUntilMs).toBeLessThanOrEqual(Date.now() + 310_000);
    const anonymous = JSON.stringify({
      event: "participant_left",
      room: { name: "4242" },
      participant: { identity: "77", sid: "PA_abc" },
    });
    expect((await webhooks.receive(anonymous, await signed(anonymous))).id).toBe(
      createHash("sha256").update(anonymous).digest("hex"),
    );
  });

  it("participant_left and participant_connection_aborted read as leaves", async () => {
    for (const event of ["participant_left", "participant_connection_aborted"]) {
      const body = joined.replace("participant_joined", event);
      expect((await webhooks.receive(body, await signed(body))).change?.kind).toBe("left");
    }
  });

  it("events voice does not follow read as nothing", async () => {
    const body = JSON.stringify({ event: "room_started", room: { name: "4242" }, id: "EV_2" });
    expect((await webhooks.receive(body, await signed(body))).change).toBeNull();
  });

  it("refuses an unsigned body, one signed with another secret, and one changed after signing", async () => {
    await expect(webhooks.receive(joined, undefined)).rejects.toThrow();
    await expect(
      webhooks.receive(joined, await signed(joined, "another-secret-of-at-least-32-characters")),
    ).rejects.toThrow();
    const tampered = joined.replace('"77"', '"78"');
    await expect(webhooks.receive(tampered, await signed(joined))).rejects.toThrow();
  });
});
