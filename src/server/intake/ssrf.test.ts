import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, isMalformedNumericHost, parseHostAddress } from './ssrf';

describe('isForbiddenAddress', () => {
  it.each([
    // IPv4 loopback, private, link-local, CGNAT, special
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '100.100.100.200',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    // IPv6
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd00:ec2::254',
    'fec0::1',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    // IPv6 embedding a forbidden IPv4
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '[::ffff:10.0.0.1]',
    '::127.0.0.1',
    '::7f00:1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '2002:7f00:1::',
    '2002:c0a8:101::1',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    // every IPv4 spelling of loopback
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '0x7f000001',
    '127.1',
    '0',
    // not an IP at all
    'localhost',
    'example.com',
    '',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('parseHostAddress', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['10.0.0.1.', '10.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['[::1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['FE80::1%25eth0', 'fe80::1'],
  ])('reads %s as %s', (host, address) => {
    expect(parseHostAddress(host)).toBe(address);
  });

  it('agrees with the WHATWG URL parser on numeric hosts', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0', '0x7f.0.0x1']) {
      expect(parseHostAddress(host)).toBe(new URL(`http://${host}/`).hostname);
    }
  });

  it('answers null for names and refuses malformed numeric hosts', () => {
    expect(parseHostAddress('example.com')).toBeNull();
    expect(parseHostAddress('1.2.3.4.5')).toBeNull();
    expect(parseHostAddress('256.1.1.1')).toBeNull();
    expect(isMalformedNumericHost('256.1.1.1')).toBe(true);
    expect(isMalformedNumericHost('1.2.3.4.5')).toBe(true);
    expect(isMalformedNumericHost('08.1.1.1')).toBe(true);
    expect(isMalformedNumericHost('example.com')).toBe(false);
    expect(isMalformedNumericHost('127.0.0.1')).toBe(false);
  });
});
