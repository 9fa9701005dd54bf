// The HTTP server, with its timeouts set where it is created (issue 20): the app installs its fast
// lane through Fastify's serverFactory, and Fastify then applies none of its own timeout options.
import http from 'node:http';
import type net from 'node:net';
import type { HttpTimeouts } from '../config.ts';

/** How often Node looks for connections past their headers or request timeout. */
const MAX_CHECK_INTERVAL_MS = 1000;

/**
 * At a stop, how long a connection still waiting for its client (idle, or a request's headers or
 * body still arriving) may stay open: a proxy's requests and an upload through nginx arrive in this
 * time; a client trickling bytes would otherwise hold the stop to its deadline.
 */
export const STOP_BODY_WAIT_MS = 2000;

/** The request a connection carries now or carried last, with its answer. */
interface Exchange {
  request: http.IncomingMessage;
  response: http.ServerResponse;
}
const lastExchange = Symbol('last exchange');
type TrackedSocket = net.Socket & { [lastExchange]?: Exchange };

const socketsOf = new WeakMap<http.Server, Set<TrackedSocket>>();

export function createHttpServer(timeouts: HttpTimeouts, listener: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node checks every 30 s by default, so a slow client could hold a connection half a minute
      // past its deadline.
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, timeouts.headersTimeoutMs),
    },
    (request, response) => {
      (request.socket as TrackedSocket)[lastExchange] = { request, response };
      listener(request, response);
    },
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.maxConnections = timeouts.maxConnections;
  const sockets = new Set<TrackedSocket>();
  socketsOf.set(server, sockets);
  server.on('connection', (socket: TrackedSocket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return server;
}

/** Waiting for the client, not for us: no request yet, headers still arriving, or an answer sent. */
const waitsForClient = (exchange: Exchange | undefined) => !exchange || exchange.response.writableFinished;

/**
 * For a stop (docs/decisions/0434-clean-stops.md): after STOP_BODY_WAIT_MS closes every connection
 * still waiting for its client — idle, still sending a request's headers, or still sending its body.
 * Until then the server's own close handles them as before (a proxy's idle connections closed, a
 * request on one answered 503 with `Connection: close`, so the proxy retries it elsewhere). A request
 * whose body has arrived is left to be answered. A server not made by createHttpServer is left alone.
 */
export async function closeStalledConnections(server: http.Server, waitMs = STOP_BODY_WAIT_MS) {
  const sockets = socketsOf.get(server);
  if (!sockets) return;
  const stalled = () =>
    [...sockets].filter((socket) => {
      const exchange = socket[lastExchange];
      return waitsForClient(exchange) || exchange?.request.complete === false;
    });
  const deadline = Date.now() + waitMs;
  while (stalled().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const socket of stalled()) socket.destroy();
}
