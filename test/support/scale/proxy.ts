import http from 'node:http';

/** One request the proxy could not complete because its app process failed under it. */
export interface LostRequest {
  upstream: number;
  method: string;
  path: string;
  dispatchedAt: number;
  error: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to this upstream and not yet answered. */
  inFlight(upstream: number): number;
  /** Requests forwarded to this upstream so far. */
  dispatched(upstream: number): number;
  lost: LostRequest[];
  /** Requests answered, per upstream. */
  served: number[];
  close(): Promise<void>;
}

const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

/**
 * A small round-robin load balancer on 127.0.0.1, as a proxy in front of several app processes
 * would be. A request is read whole first; an upstream that refuses the connection (a process
 * that is down) is skipped and the next one tried, since the request never reached it. An
 * upstream that fails after the request was sent is answered with 502 and recorded as lost: the
 * app may or may not have done the work (the client resends with the same id).
 */
export async function startProxy(options: {
  port: number;
  upstreams: string[];
  keepAlive: boolean;
}): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: options.keepAlive, maxSockets: 256 });
  const inFlight = options.upstreams.map(() => 0);
  const served = options.upstreams.map(() => 0);
  const dispatched = options.upstreams.map(() => 0);
  const lost: LostRequest[] = [];
  let next = 0;

  const forward = (
    index: number,
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tried: number,
  ) => {
    const target = new URL(request.url ?? '/', options.upstreams[index]);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
    }
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '127.0.0.1';
    headers['content-length'] = String(body.length);
    const dispatchedAt = Date.now();
    let connected = false;
    inFlight[index] = (inFlight[index] ?? 0) + 1;
    dispatched[index] = (dispatched[index] ?? 0) + 1;
    const upstream = http.request(target, { method: request.method, headers, agent }, (reply) => {
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.headers)) {
        if (!HOP_HEADERS.has(name) && value !== undefined) out[name] = value;
      }
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () => {
        inFlight[index] = (inFlight[index] ?? 1) - 1;
        served[index] = (served[index] ?? 0) + 1;
        response.writeHead(reply.statusCode ?? 502, out);
        response.end(Buffer.concat(chunks));
      });
      reply.on('error', (error) => fail(error));
    });
    let failed = false;
    const fail = (error: Error & { code?: string }) => {
      if (failed) return;
      failed = true;
      inFlight[index] = (inFlight[index] ?? 1) - 1;
      const refused = !connected && error.code === 'ECONNREFUSED';
      if (refused && tried + 1 < options.upstreams.length) {
        forward((index + 1) % options.upstreams.length, request, body, response, tried + 1);
        return;
      }
      if (!refused) {
        lost.push({
          upstream: index,
          method: request.method ?? '',
          path: request.url ?? '',
          dispatchedAt,
          error: error.code ?? error.message,
        });
      }
      if (!response.headersSent) {
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'BAD_GATEWAY', message: error.message } }));
      }
    };
    upstream.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    upstream.on('error', fail);
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = next;
      next = (next + 1) % options.upstreams.length;
      forward(index, request, Buffer.concat(chunks), response, 0);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${options.port}`,
    inFlight: (upstream) => inFlight[upstream] ?? 0,
    dispatched: (upstream) => dispatched[upstream] ?? 0,
    lost,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
