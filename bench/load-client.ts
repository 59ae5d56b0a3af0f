/**
 * The benches' load generator: node:http with kept-alive connections. `fetch` (undici) costs the
 * client as much CPU per request as a small handler costs the server, and the client shares the
 * machine's two cores with the server, so a fetch-driven bench measured the client. Each request
 * here costs the client a fraction of that; the server's own CPU per request is read from
 * /proc beside the rate, so a figure can be told from the machine it ran on.
 */
import fs from 'node:fs';
import http from 'node:http';

export interface LoadClient {
  /** Status of one request; the body is read and dropped. */
  request(
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string,
  ): Promise<number>;
  close(): void;
}

export function loadClient(baseUrl: string, maxSockets = 1000): LoadClient {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  return {
    request(method, path, headers = {}, body) {
      return new Promise((resolve, reject) => {
        const request = http.request(
          {
            host: url.hostname,
            port: url.port,
            path,
            method,
            agent,
            headers:
              body === undefined
                ? headers
                : { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * CPU seconds (user + system) a process has used so far, all its threads; 0 for no process or
 * one that is gone. Linux only.
 */
export function processCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (in parentheses) may hold spaces: the fields start after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Requests per second of `call` from `connections` loops over `seconds`, and the server's CPU. */
export async function closedLoop(
  call: (loop: number) => Promise<number>,
  connections: number,
  seconds: number,
  serverPid: number,
) {
  const cpuBefore = processCpuSeconds(serverPid);
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, loop) => {
      while (performance.now() < until) {
        const status = await call(loop);
        if (status >= 200 && status < 300) done += 1;
        else errors += 1;
      }
    }),
  );
  const cpu = processCpuSeconds(serverPid) - cpuBefore;
  return {
    rate: done / seconds,
    errors,
    /** Cores the server used meanwhile, and its CPU per request in microseconds. */
    serverCores: cpu / seconds,
    serverMicroseconds: (cpu * 1e6) / Math.max(1, done + errors),
  };
}
