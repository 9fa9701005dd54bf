// The HTTP server, with its timeouts set where it is created (issue 20): the app installs its fast
// lane through Fastify's serverFactory, and Fastify then applies none of its own timeout options.
import http from 'node:http';
import type { HttpTimeouts } from '../config.ts';

/** How often Node looks for connections past their headers or request timeout. */
const MAX_CHECK_INTERVAL_MS = 1000;

export function createHttpServer(timeouts: HttpTimeouts, listener: http.RequestListener): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node checks every 30 s by default, so a slow client could hold a connection half a minute
      // past its deadline.
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, timeouts.headersTimeoutMs),
    },
    listener,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.maxConnections = timeouts.maxConnections;
  return server;
}
