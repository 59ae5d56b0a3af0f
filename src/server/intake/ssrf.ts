import ipaddr from 'ipaddr.js';

/**
 * The SSRF filter of URL intake. Only public unicast addresses may be fetched; everything a
 * server can reach but a stranger cannot is refused:
 *
 * - IPv4: loopback 127/8, private 10/8, 172.16/12, 192.168/16, link-local 169.254/16 (cloud
 *   metadata 169.254.169.254), carrier-grade NAT 100.64/10 (Alibaba metadata 100.100.100.200),
 *   "this network" 0/8, multicast 224/4, reserved 240/4 and broadcast, and the IETF, test-net and
 *   benchmarking blocks.
 * - IPv6: only global unicast 2000::/3 is allowed, minus Teredo 2001::/32, documentation
 *   2001:db8::/32 and the other special blocks; so loopback ::1, unspecified ::, link-local
 *   fe80::/10, unique-local fc00::/7 (AWS metadata fd00:ec2::254), site-local and multicast are
 *   refused. IPv6 forms that embed an IPv4 address (mapped ::ffff:a.b.c.d, the deprecated
 *   compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 6to4 2002::/16) are judged by the IPv4 address
 *   inside them.
 */

/** Cloud metadata endpoints, refused by name even though their ranges already are. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

const TEREDO = ipaddr.parseCIDR('2001::/32');
const DOCUMENTATION_V6 = ipaddr.parseCIDR('2001:db8::/32');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const EXTRA_V4_REFUSED = [
  ipaddr.parseCIDR('192.0.0.0/24'), // IETF protocol assignments
  ipaddr.parseCIDR('198.18.0.0/15'), // benchmarking
];

/**
 * Parses an IPv4 number the way the WHATWG URL parser does: decimal, octal with a leading 0,
 * hex with 0x. Returns null for anything else.
 */
function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/**
 * The IPv4 address a URL host names in any spelling browsers and Node accept: dotted decimal,
 * one number (`2130706433`), octal (`0177.0.0.1`), hex (`0x7f.1`), short forms (`127.1`, `0`),
 * a trailing dot. Null when the host is not an IPv4 literal.
 */
function parseIpv4Literal(host: string): string | null {
  const labels = host.replace(/\.$/, '').split('.');
  if (labels.length === 0 || labels.length > 4) return null;
  const numbers: number[] = [];
  for (const label of labels) {
    const value = parseIpv4Number(label);
    if (value === null || !Number.isFinite(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop() as number;
  if (numbers.some((value) => value > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((part, index) => {
    value += part * 256 ** (3 - index);
  });
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/**
 * The canonical IP address a host (a URL's hostname, with or without IPv6 brackets) names, or
 * null when it is a DNS name. Understands every IPv4 spelling of URLs (`2130706433`,
 * `0177.0.0.1`, `0x7f.1`, `127.1`, `0`) and IPv6 with embedded IPv4 or a zone id.
 */
export function parseHostAddress(host: string): string | null {
  let value = host.trim().toLowerCase();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  if (value.includes(':')) {
    const withoutZone = value.replace(/%.*$/, '');
    return ipaddr.IPv6.isValid(withoutZone) ? ipaddr.IPv6.parse(withoutZone).toString() : null;
  }
  return parseIpv4Literal(value);
}

/**
 * True when a host looks numeric to the URL parser (its last label is a number) but is not a
 * valid IPv4 address: such hosts are never fetched, whatever a resolver might make of them.
 */
export function isMalformedNumericHost(host: string): boolean {
  if (host.includes(':') || host.startsWith('[')) return false;
  const last = host.replace(/\.$/, '').split('.').pop() ?? '';
  const numeric = /^(0x[0-9a-f]*|[0-9]+)$/i.test(last);
  return numeric && parseIpv4Literal(host) === null;
}

function isForbiddenV4(address: ipaddr.IPv4): boolean {
  if (address.range() !== 'unicast') return true;
  return EXTRA_V4_REFUSED.some((range) => address.match(range));
}

function embeddedV4(address: ipaddr.IPv6, firstByte: number): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(firstByte, firstByte + 4));
}

function isForbiddenV6(address: ipaddr.IPv6): boolean {
  if (address.isIPv4MappedAddress()) return isForbiddenV4(address.toIPv4Address());
  const parts = address.parts;
  // ::/96, the deprecated IPv4-compatible form (and :: and ::1): never a real destination.
  if (parts.slice(0, 6).every((part) => part === 0)) return true;
  if (address.match(NAT64)) return isForbiddenV4(embeddedV4(address, 12));
  if (!address.match(GLOBAL_UNICAST_V6)) return true;
  if (address.match(SIX_TO_FOUR)) return isForbiddenV4(embeddedV4(address, 2));
  if (address.match(TEREDO) || address.match(DOCUMENTATION_V6)) return true;
  return address.range() !== 'unicast';
}

/**
 * True when an address must not be fetched. Takes an IP address in any spelling
 * `parseHostAddress` understands; anything that is not an IP address is refused too, so a caller
 * can pass what a resolver answered without checking it first.
 */
export function isForbiddenAddress(ip: string): boolean {
  const canonical = parseHostAddress(ip);
  if (canonical === null) return true;
  if (METADATA_ADDRESSES.has(canonical)) return true;
  const parsed = ipaddr.parse(canonical);
  return parsed.kind() === 'ipv4'
    ? isForbiddenV4(parsed as ipaddr.IPv4)
    : isForbiddenV6(parsed as ipaddr.IPv6);
}
