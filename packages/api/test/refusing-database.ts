import net from "node:net";

/** A loopback port nothing listens on: connecting is refused, as with a stopped database server. */
export async function refusingUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `postgresql://postgres@127.0.0.1:${port}/postgres`;
}
