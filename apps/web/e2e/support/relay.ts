import net from "node:net";

/**
 * A TCP relay in front of the web app, for a browser whose network must fail. Chromium's
 * offline emulation (`context.setOffline`) only refuses new requests: a live stream already
 * open keeps flowing. `cut()` drops every connection through the relay, as a lost network
 * does (the browser and the web app both see them end), and refuses new ones until `restore()`.
 * Cookies do not depend on the port, so a browser signed in on the web app is signed in here.
 */
export interface Relay {
  /** The web app through the relay, e.g. http://127.0.0.1:41236 */
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startRelay(target: string): Promise<Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  let open = true;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const server = net.createServer((browserSide) => {
    if (!open) {
      browserSide.destroy();
      return;
    }
    const appSide = net.connect(Number(port), hostname);
    track(browserSide);
    track(appSide);
    for (const [from, to] of [
      [browserSide, appSide],
      [appSide, browserSide],
    ] as const) {
      from.pipe(to);
      from.on("error", () => to.destroy());
      from.on("close", () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    open = false;
    for (const socket of sockets) socket.resetAndDestroy();
  };
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    cut,
    restore() {
      open = true;
    },
    close() {
      cut();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
