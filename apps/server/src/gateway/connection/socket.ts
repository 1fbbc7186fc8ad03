/**
 * The only thing the protocol knows about a WebSocket. The `ws` adapter (ws-adapter.ts) is
 * the one file that touches the library; tests or another transport can supply their own.
 */
export interface GatewaySocket {
  /** Sends one payload (a text frame, or a binary frame once compression wraps the socket); bytes are UTF-8 JSON. */
  send(payload: string | Buffer): void;
  /** Sends one binary frame as is. */
  sendBinary(data: Uint8Array): void;
  /** Bytes sent but not yet handed to the network: it grows while the peer is slow or not reading. */
  bufferedBytes(): number;
  /** Starts the closing handshake with a close code and reason. */
  close(code: number, reason: string): void;
  /** Every frame the client sends, as text (binary frames are read as UTF-8). */
  onMessage(listener: (text: string) => void): void;
  /** Once, when the connection is gone for whatever reason; `code` is the close code seen. */
  onClose(listener: (code: number) => void): void;
}
