import type { Socket } from "node:net";
import { SCRAM_MECHANISM, ScramExchange, ScramProtocolError, type ScramSecret } from "./scram";

/**
 * The start of a PostgreSQL connection to the embedded database, handled before PGlite sees
 * it: PGlite (and pglite-socket) accept anyone as a superuser, so the server asks for the
 * password here with SCRAM-SHA-256, as PostgreSQL does, and only then hands the connection on.
 * https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-FLOW-START-UP
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3_0 = 196608;
/** PostgreSQL's own limit on a startup packet (MAX_STARTUP_PACKET_LENGTH). */
const MAX_STARTUP_LENGTH = 10_000;
const PASSWORD_MESSAGE = "p".charCodeAt(0);
const TERMINATE = "X".charCodeAt(0);
const AUTH_SASL = 10;
const AUTH_SASL_CONTINUE = 11;
const AUTH_SASL_FINAL = 12;

/** The connection went away (or asked to cancel a query): nothing to answer. */
class Disconnected extends Error {}

/** The connection is refused with a FATAL ErrorResponse carrying this SQLSTATE. */
class Refused extends Error {
  constructor(
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
  }
}

function authenticationRequest(code: number, data = Buffer.alloc(0)): Buffer {
  const message = Buffer.alloc(9 + data.length);
  message.write("R", 0);
  message.writeInt32BE(8 + data.length, 1);
  message.writeInt32BE(code, 5);
  data.copy(message, 9);
  return message;
}

function errorResponse(sqlState: string, text: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${text}\0\0`);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([head, fields]);
}

function startupParameters(body: Buffer): Map<string, string> {
  const parts = body.toString("utf8").split("\0");
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) map.set(parts[i] as string, parts[i + 1] as string);
  return map;
}

/** Buffers what the client sends and hands it out message by message. */
class Inbox {
  private buffered = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(private readonly socket: Socket) {
    socket.on("data", this.onData);
    socket.on("close", this.onClose);
    // Without a listener a reset connection would throw an uncaught 'error' and end the server.
    socket.on("error", this.onClose);
  }

  private onData = (chunk: Buffer) => {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    this.wake?.();
  };

  private onClose = () => {
    this.closed = true;
    this.wake?.();
  };

  async take(length: number): Promise<Buffer> {
    while (this.buffered.length < length) {
      if (this.closed) throw new Disconnected();
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    const taken = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return taken;
  }

  /** A typed message ('p', 'Q', …) of at most `maxLength` bytes: its type and body. */
  async message(maxLength: number): Promise<{ type: number; body: Buffer }> {
    const head = await this.take(5);
    const length = head.readInt32BE(1);
    if (length < 4 || length > maxLength) throw new Refused("08P01", "invalid message length");
    return { type: head[0] as number, body: await this.take(length - 4) };
  }

  /** Stops reading and gives back what arrived but was not taken yet. */
  release(): Buffer {
    this.socket.pause();
    this.socket.off("data", this.onData);
    this.socket.off("close", this.onClose);
    this.socket.off("error", this.onClose);
    return this.buffered;
  }
}

/** Answers SSL/GSS encryption requests with "no" and returns the startup message. */
async function readStartup(inbox: Inbox, socket: Socket): Promise<{ message: Buffer; user: string }> {
  for (;;) {
    const head = await inbox.take(8);
    const length = head.readInt32BE(0);
    const code = head.readInt32BE(4);
    if (length < 8 || length > MAX_STARTUP_LENGTH) throw new Refused("08P01", "invalid length of startup packet");
    const body = await inbox.take(length - 8);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      socket.write("N");
      continue;
    }
    if (code === CANCEL_REQUEST) throw new Disconnected();
    if (code !== PROTOCOL_3_0) throw new Refused("0A000", "unsupported frontend protocol");
    return { message: Buffer.concat([head, body]), user: startupParameters(body).get("user") ?? "" };
  }
}

async function saslResponse(inbox: Inbox): Promise<Buffer> {
  const { type, body } = await inbox.message(MAX_STARTUP_LENGTH);
  if (type === TERMINATE) throw new Disconnected();
  if (type !== PASSWORD_MESSAGE) throw new Refused("08P01", "expected SASL response");
  return body;
}

/** The SCRAM exchange; returns the startup message once the password is proven. */
async function handshake(inbox: Inbox, socket: Socket, secret: ScramSecret): Promise<Buffer> {
  const startup = await readStartup(inbox, socket);
  const failed = new Refused("28P01", `password authentication failed for user "${startup.user}"`);
  socket.write(authenticationRequest(AUTH_SASL, Buffer.from(`${SCRAM_MECHANISM}\0\0`)));

  // SASLInitialResponse: mechanism name, then the length-prefixed client-first-message.
  const initial = await saslResponse(inbox);
  const end = initial.indexOf(0);
  if (end < 0 || initial.subarray(0, end).toString() !== SCRAM_MECHANISM) throw failed;
  const length = initial.length >= end + 5 ? initial.readInt32BE(end + 1) : -1;
  if (length < 0 || end + 5 + length > initial.length) throw new Refused("08P01", "malformed SASL initial response");
  const exchange = new ScramExchange(secret);
  socket.write(
    authenticationRequest(
      AUTH_SASL_CONTINUE,
      Buffer.from(exchange.start(initial.subarray(end + 5, end + 5 + length).toString("utf8"))),
    ),
  );

  const serverFinal = exchange.finish((await saslResponse(inbox)).toString("utf8"));
  if (!serverFinal) throw failed;
  socket.write(authenticationRequest(AUTH_SASL_FINAL, Buffer.from(serverFinal)));
  return startup.message;
}

/**
 * Runs the start of a connection. Proven password: the bytes to give the database handler
 * first (the startup message, which PGlite answers with AuthenticationOk and the session's
 * parameters, and anything the client sent after it); the socket is left paused. Otherwise
 * null: the client was told why (or went away) and the socket is closed.
 */
export async function admitWithPassword(
  socket: Socket,
  secret: ScramSecret,
  timeoutMs = 10_000,
): Promise<Buffer | null> {
  const inbox = new Inbox(socket);
  const timer = setTimeout(() => socket.destroy(), timeoutMs);
  try {
    const startup = await handshake(inbox, socket, secret);
    return Buffer.concat([startup, inbox.release()]);
  } catch (error) {
    const refusal = error instanceof ScramProtocolError ? new Refused("08P01", error.message) : error;
    if (refusal instanceof Refused && socket.writable)
      socket.end(errorResponse(refusal.sqlState, refusal.message), () => socket.destroy());
    else socket.destroy();
    if (!(refusal instanceof Refused || refusal instanceof Disconnected)) throw error;
    return null;
  } finally {
    clearTimeout(timer);
  }
}
