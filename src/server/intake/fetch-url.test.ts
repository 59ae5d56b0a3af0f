import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUrlContent } from './fetch-url';
import { isForbiddenAddress } from './ssrf';

const ARTICLE = `<!doctype html><html><head><title>Photosynthesis - Encyclopedia</title></head>
<body><nav>Home | About | Contact</nav><article><h1>Photosynthesis</h1>
<p>Photosynthesis is the process by which green plants turn light energy into chemical energy.
It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.</p>
<p>The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO
catalyses the first step of carbon fixation, and it may be the most abundant protein on Earth.</p>
</article><footer>Copyright</footer></body></html>`;

let server: http.Server;
let base = '';
const local = { allowAddresses: ['127.0.0.1'] };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    } else if (path === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain notes about cells.');
    } else if (path === '/to-private') {
      res.writeHead(302, { location: 'http://10.0.0.1/secret' }).end();
    } else if (path === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (path === '/to-decimal') {
      res.writeHead(302, { location: 'http://2852039166/' }).end(); // 169.254.169.254
    } else if (path.startsWith('/loop')) {
      const n = Number(path.slice(5) || 0);
      res.writeHead(302, { location: `/loop${n + 1}` }).end();
    } else if (path === '/hop') {
      res.writeHead(302, { location: '/article' }).end();
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', push);
        }
        res.end();
      };
      push();
    } else if (path === '/slow') {
      // never answers
    } else if (path === '/empty') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body></body></html>');
    } else if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('SSRF filter', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it('allows public addresses', () => {
    expect(isForbiddenAddress('93.184.216.34')).toBe(false);
    expect(isForbiddenAddress('2606:4700:4700::1111')).toBe(false);
  });

  it.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://0/',
  ])('sees every spelling of a loopback or unspecified address: %s', (url) => {
    expect(isForbiddenAddress(new URL(url).hostname)).toBe(true);
  });
});

describe('fetching a page', () => {
  it('keeps the main text and the title of an HTML page', async () => {
    const page = await fetchUrlContent(`${base}/article`, local);
    expect(page.title).toContain('Photosynthesis');
    expect(page.content).toContain('The Calvin cycle uses ATP and NADPH');
    expect(page.content).not.toContain('Home | About | Contact');
  });

  it('reads plain text and follows a redirect', async () => {
    expect((await fetchUrlContent(`${base}/notes.txt`, local)).content).toBe(
      'Plain notes about cells.',
    );
    const page = await fetchUrlContent(`${base}/hop`, local);
    expect(page.finalUrl).toBe(`${base}/article`);
  });

  it('refuses loopback by name and by literal with the production policy', async () => {
    const port = new URL(base).port;
    await expect(fetchUrlContent(`http://localhost:${port}/article`)).rejects.toThrow(
      /Failed to process URL: .*not public/,
    );
    for (const url of [
      `${base}/article`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
    ]) {
      await expect(fetchUrlContent(url)).rejects.toThrow(/not public/);
    }
  });

  it('checks every redirect hop', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-decimal']) {
      await expect(fetchUrlContent(`${base}${path}`, local)).rejects.toThrow(/not public/);
    }
    await expect(fetchUrlContent(`${base}/loop0`, local)).rejects.toThrow(/more than 5 redirects/);
  });

  it('stops at 5 MB, at the time limit, and on what it cannot read', async () => {
    await expect(fetchUrlContent(`${base}/huge`, local)).rejects.toThrow(/larger than 5 MB/);
    await expect(fetchUrlContent(`${base}/slow`, { ...local, timeoutMs: 500 })).rejects.toThrow(
      /no answer within/,
    );
    await expect(fetchUrlContent(`${base}/empty`, local)).rejects.toThrow(
      'Failed to extract content from URL',
    );
    await expect(fetchUrlContent(`${base}/image`, local)).rejects.toThrow(/image\/png/);
    await expect(fetchUrlContent(`${base}/missing`, local)).rejects.toThrow(/answered 404/);
    await expect(fetchUrlContent('ftp://example.com/file', local)).rejects.toThrow(
      /http and https/,
    );
    await expect(fetchUrlContent('not a url', local)).rejects.toThrow('Invalid URL format');
  });
});
