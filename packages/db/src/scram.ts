import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The server side of SCRAM-SHA-256 (RFC 5802 / RFC 7677) as PostgreSQL speaks it: what the
 * server keeps of a password, and the three messages of one exchange. No channel binding
 * (the embedded database is served without TLS).
 */
export const SCRAM_MECHANISM = "SCRAM-SHA-256";

export interface ScramSecret {
  salt: Buffer;
  iterations: number;
  storedKey: Buffer;
  serverKey: Buffer;
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** What the server keeps: never the password itself. */
export function scramSecret(password: string, iterations = 4096): ScramSecret {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return { salt, iterations, storedKey: sha256(hmac(salted, "Client Key")), serverKey: hmac(salted, "Server Key") };
}

/** A client's message did not follow SCRAM (as opposed to a wrong password). */
export class ScramProtocolError extends Error {}

function attributes(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of text.split(",")) {
    if (part[1] !== "=") throw new ScramProtocolError(`malformed SCRAM attribute "${part}"`);
    map.set(part[0] as string, part.slice(2));
  }
  return map;
}

/** One exchange: client-first → server-first, client-final → verified or not, with the server's proof. */
export class ScramExchange {
  private clientFirstBare = "";
  private gs2Header = "";
  private serverFirst = "";
  private nonce = "";

  constructor(private readonly secret: ScramSecret) {}

  /** Reads client-first-message ("n,,n=user,r=nonce") and answers server-first-message. */
  start(clientFirst: string): string {
    const match = /^([ny]),,(.*)$/s.exec(clientFirst);
    if (!match) throw new ScramProtocolError("unsupported SCRAM GS2 header (channel binding is not offered)");
    this.gs2Header = `${match[1]},,`;
    this.clientFirstBare = match[2] as string;
    const clientNonce = attributes(this.clientFirstBare).get("r");
    if (!clientNonce || !/^[\x21-\x2b\x2d-\x7e]+$/.test(clientNonce))
      throw new ScramProtocolError("missing or invalid SCRAM client nonce");
    this.nonce = clientNonce + randomBytes(18).toString("base64");
    this.serverFirst = `r=${this.nonce},s=${this.secret.salt.toString("base64")},i=${this.secret.iterations}`;
    return this.serverFirst;
  }

  /**
   * Reads client-final-message ("c=…,r=…,p=proof"): the server-final-message ("v=…") when the
   * proof shows the client knows the password, otherwise null.
   */
  finish(clientFinal: string): string | null {
    const cut = clientFinal.lastIndexOf(",p=");
    if (cut < 0) throw new ScramProtocolError("missing SCRAM client proof");
    const withoutProof = clientFinal.slice(0, cut);
    const fields = attributes(withoutProof);
    if (fields.get("c") !== Buffer.from(this.gs2Header).toString("base64"))
      throw new ScramProtocolError("SCRAM channel binding does not match");
    if (fields.get("r") !== this.nonce) throw new ScramProtocolError("SCRAM nonce does not match");
    const proof = Buffer.from(clientFinal.slice(cut + 3), "base64");
    const authMessage = `${this.clientFirstBare},${this.serverFirst},${withoutProof}`;
    const clientSignature = hmac(this.secret.storedKey, authMessage);
    if (proof.length !== clientSignature.length) return null;
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ (clientSignature[i] as number)));
    if (!timingSafeEqual(sha256(clientKey), this.secret.storedKey)) return null;
    return `v=${hmac(this.secret.serverKey, authMessage).toString("base64")}`;
  }
}
