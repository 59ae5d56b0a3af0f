import ipaddr from 'ipaddr.js';

/**
 * The SSRF filter of URL intake: only public unicast addresses may be fetched. Refused:
 * loopback, private, link-local (cloud metadata 169.254.169.254 among them), carrier-grade NAT
 * (100.100.100.200), multicast, broadcast, unspecified (0.0.0.0, ::), reserved, unique-local
 * (fd00:ec2::254), and IPv6 forms that embed IPv4 (mapped, 6to4, NAT64, Teredo). Every IPv4
 * spelling ('2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0') is normalised by the WHATWG URL
 * parser before it gets here.
 */
export function isForbiddenAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(host)) return true;
  let parsed = ipaddr.parse(host);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

/** True when a URL's hostname is an IP literal (then no DNS lookup happens). */
export function isIpLiteral(hostname: string): boolean {
  return ipaddr.isValid(hostname.replace(/^\[|\]$/g, ''));
}
