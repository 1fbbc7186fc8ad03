import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay in front of the gateway, so a test can cut a library's connection the way a
 * network does: no close frame, the library sees its socket end (1006) and must resume.
 */
export class GatewayRelay {
  private readonly pairs = new Set<[Socket, Socket]>();
  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<GatewayRelay> {
    let relay: GatewayRelay | undefined;
    const server = createServer((client) => {
      const upstream = connect(targetPort, "127.0.0.1");
      const pair: [Socket, Socket] = [client, upstream];
      relay?.pairs.add(pair);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        relay?.pairs.delete(pair);
      };
      client.on("error", drop).on("close", drop);
      upstream.on("error", drop).on("close", drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("relay has no port");
    relay = new GatewayRelay(server, address.port);
    return relay;
  }

  /** Connections open through the relay now. */
  get open(): number {
    return this.pairs.size;
  }

  /** Cuts every connection through the relay at once. */
  dropAll(): void {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
