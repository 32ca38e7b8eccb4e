// A loopback TCP proxy for tests: a client behind it can be cut off from etcd while other clients
// still reach it (a partition of one kapi replica).
import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  /** `http://127.0.0.1:<port>`: an etcd endpoint that goes through the proxy. */
  readonly url: string;
  /** Closes every proxied connection and refuses new ones (each is closed as soon as it opens). */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy on a free 127.0.0.1 port forwarding to `target` (`http://host:port`). */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let open = true;
  const track = (s: Socket) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ host: hostname, port: Number(port) });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('tcp proxy: no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close() {
      open = false;
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
