import { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';

/**
 * The Node request and response under @hono/node-server (`c.env.incoming` / `c.env.outgoing`), for hot paths that
 * skip the WHATWG Request/Headers objects (issue 16); undefined outside Node (app.request() in tests).
 */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}

/** The Node response, while its headers can still be set. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const out = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return out instanceof ServerResponse && !out.headersSent ? out : undefined;
}

/**
 * The client hung up before sending the whole request (an aborted upload): whatever failed reading the body failed
 * because of it. Answered as 499 (nginx's "client closed request") in the access log, never a 500 to error tracking.
 */
export function clientClosedRequest(c: Context): boolean {
  const req = nodeRequest(c);
  return !!req && !req.complete && (req.destroyed || req.socket.destroyed);
}

/** nginx's status for a request whose client closed the connection before the answer. */
export const CLIENT_CLOSED_REQUEST = 499;
