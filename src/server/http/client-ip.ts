/**
 * The client's address behind `hops` reverse proxies we trust (TRUST_PROXY_HOPS), read from
 * `X-Forwarded-For` as Express and Caddy do: each proxy appends the address it saw, so the
 * entry `hops` from the right is the one our nearest trusted proxy's chain vouches for. The
 * entries left of it are whatever the client wrote and never decide its address (issue 21).
 * With fewer entries than hops, the leftmost is taken. Undefined without a usable entry.
 */
export function forwardedClientIp(header: string | undefined, hops: number): string | undefined {
  if (!header) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}
