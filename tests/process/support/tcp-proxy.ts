// A TCP relay between the server under test and PostgreSQL, so a proof can cut the database away from
// one server (an outage, as far as that server can tell) without touching the shared database server.
import net from 'node:net';
import { freePort } from '../../../src/server/testing/free-port.ts';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.once('close', () => upstream.destroy());
        upstream.once('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = async () => {
    const closing = server ? new Promise<void>((resolve) => server!.close(() => resolve())) : undefined;
    for (const socket of sockets) socket.destroy();
    await closing;
    server = undefined;
  };
  await listen();
  return { port, cut: stop, restore: listen, close: stop };
}
