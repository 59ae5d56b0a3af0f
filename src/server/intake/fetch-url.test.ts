import type dns from 'node:dns';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntakeError } from './errors';
import { fetchUrlContent, htmlToText } from './fetch-url';
import { makePdf } from '../../../test/support/intake-fixtures';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Photosynthesis | Plant Encyclopedia</title></head>
<body>
<header><nav><a href="/">Home</a> <a href="/about">About</a> <a href="/contact">Contact us</a></nav></header>
<aside class="sidebar"><h3>Trending</h3><ul><li><a href="/a">Ten houseplants you cannot kill</a></li>
<li><a href="/b">Sign up for our newsletter</a></li></ul></aside>
<main><article>
<h1>Photosynthesis</h1>
<p class="byline">By A. Botanist, 3 March 2024</p>
<p>Photosynthesis is the process by which green plants, algae and some bacteria turn light energy
into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green
pigment chlorophyll. Chlorophyll absorbs red and blue light and reflects green light.</p>
<p>The light-dependent reactions happen in the thylakoid membranes. They split water molecules,
release oxygen as a by-product and store energy in ATP and NADPH, the two energy carriers of the
cell.</p>
<p>The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO
catalyses the first step of carbon fixation, and it may be the most abundant protein on Earth.
The cycle was described by Melvin Calvin, who received the Nobel Prize in Chemistry in 1961.</p>
</article></main>
<section class="comments"><h3>Comments</h3><p>Great post!</p></section>
<footer><p>Copyright 2024 Plant Encyclopedia. Privacy policy. Terms of use.</p></footer>
<script>window.analytics = { track() {} };</script>
</body></html>`;

const PDF = makePdf(
  [['Mitochondria are the powerhouse of the cell.', 'They make ATP by respiration.']],
  'Cell biology notes',
);

let hits: string[] = [];
let victimHits = 0;
let server: http.Server;
let victim: http.Server;
let base = '';
let victimPort = 0;
/** The test policy: the server under test on 127.0.0.1 is reachable, nothing else is. */
const local = { allowAddress: (address: string) => address === '127.0.0.1' };

function listen(app: http.Server, host: string) {
  return new Promise<number>((resolve) =>
    app.listen(0, host, () => resolve((app.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  // A "private" service the fetcher must never reach: 127.0.0.2 is not allowed by the policy.
  victim = http.createServer((_req, res) => {
    victimHits++;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('internal secret');
  });
  victimPort = await listen(victim, '127.0.0.2');

  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.push(path);
    const redirect = (location: string, status = 302) => res.writeHead(status, { location }).end();
    if (path === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    } else if (path === '/latin1') {
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        .end(Buffer.from('Café crème brûlée', 'latin1'));
    } else if (path === '/notes.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain notes about cells.\n');
    } else if (path === '/notes.gz') {
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(zlib.gzipSync('Compressed notes about ribosomes.'));
    } else if (path === '/gzip-bomb') {
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(zlib.gzipSync(Buffer.alloc(6 * 1024 * 1024, 'a')));
    } else if (path === '/paper.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(PDF);
    } else if (path === '/download') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PDF);
    } else if (path.startsWith('/redirect?to=')) {
      redirect(decodeURIComponent(path.slice('/redirect?to='.length)));
    } else if (path.startsWith('/chain/')) {
      const left = Number(path.slice('/chain/'.length));
      if (left === 0) redirect('/notes.txt', 301);
      else redirect(`/chain/${left - 1}`, 307);
    } else if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const push = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      push();
    } else if (path === '/declared-huge') {
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-length': String(50 * 1024 ** 2),
      });
      res.write('x');
    } else if (path === '/silent') {
      // never answers
    } else if (path === '/drip') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    } else if (path === '/empty') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body> </body></html>');
    } else if (path === '/image') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('png');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    }
  });
  base = `http://127.0.0.1:${await listen(server, '127.0.0.1')}`;
});

beforeEach(() => {
  hits = [];
  victimHits = 0;
});

afterAll(async () => {
  for (const app of [server, victim]) {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  }
});

async function refusal(promise: Promise<unknown>): Promise<IntakeError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntakeError);
  return error as IntakeError;
}

describe('fetchUrlContent: reading pages', () => {
  it('keeps the main text and the title of an article, without the page around it', async () => {
    const page = await fetchUrlContent(`${base}/article`, local);
    expect(page.title).toContain('Photosynthesis');
    expect(page.contentType).toBe('text/html');
    expect(page.finalUrl).toBe(`${base}/article`);
    expect(page.content).toContain('The Calvin cycle uses ATP and NADPH to fix carbon dioxide');
    expect(page.content).toContain('Chlorophyll absorbs red and blue light');
    expect(page.content).toContain('energy carriers of the cell.\n\nThe Calvin cycle');
    for (const noise of [
      'Contact us',
      'Ten houseplants',
      'newsletter',
      'analytics',
      'Terms of use',
    ]) {
      expect(page.content).not.toContain(noise);
    }
  });

  it('keeps paragraphs apart and reads short pages too', () => {
    const { title, text } = htmlToText(
      '<html><head><title>Short</title></head><body><h1>Cells</h1><p>One line.</p><p>Another line.</p></body></html>',
      'http://example.com/',
    );
    expect(title).toBe('Short');
    expect(text).toContain('One line.\n\nAnother line.');
    expect(htmlToText('<html><body></body></html>', 'http://example.com/').text).toBe('');
  });

  it('reads plain text as is, in its declared charset, and gzip-compressed', async () => {
    expect(await fetchUrlContent(`${base}/notes.txt`, local)).toEqual({
      title: null,
      content: 'Plain notes about cells.',
      contentType: 'text/plain',
      finalUrl: `${base}/notes.txt`,
    });
    expect((await fetchUrlContent(`${base}/latin1`, local)).content).toBe('Café crème brûlée');
    expect((await fetchUrlContent(`${base}/notes.gz`, local)).content).toBe(
      'Compressed notes about ribosomes.',
    );
  });

  it('reads a PDF, declared or sniffed, with its title', async () => {
    for (const path of ['/paper.pdf', '/download']) {
      const page = await fetchUrlContent(`${base}${path}`, local);
      expect(page.contentType).toBe('application/pdf');
      expect(page.title).toBe('Cell biology notes');
      expect(page.content).toContain('Mitochondria are the powerhouse of the cell.');
    }
  });

  it('follows up to 5 redirects and refuses the 6th', async () => {
    const page = await fetchUrlContent(`${base}/chain/4`, local);
    expect(page.finalUrl).toBe(`${base}/notes.txt`);
    expect(hits).toHaveLength(6);

    hits = [];
    const error = await refusal(fetchUrlContent(`${base}/chain/5`, local));
    expect(error.message).toBe('Failed to process URL: more than 5 redirects');
    expect(hits).toHaveLength(6);
    expect(hits).not.toContain('/notes.txt');
  });
});

describe('fetchUrlContent: limits and failures', () => {
  it('stops reading at 5 MB, counted while streaming and after decompression', async () => {
    for (const path of ['/huge', '/declared-huge', '/gzip-bomb']) {
      const error = await refusal(fetchUrlContent(`${base}${path}`, local));
      expect(error.message).toBe('Failed to process URL: the page is larger than 5 MB');
      expect(error.status).toBe(422);
    }
    const small = await refusal(fetchUrlContent(`${base}/notes.txt`, { ...local, maxBytes: 10 }));
    expect(small.code).toBe('URL_TOO_LARGE');
  });

  it('gives up at the time limit, for the headers and for the whole body', async () => {
    for (const path of ['/silent', '/drip']) {
      // Neither ever ends: only the limit stops the fetch. Two fetches with limits apart: the
      // one with the shorter limit gives up first (no clock; a limit not honoured fails this).
      const given = (timeoutMs: number) =>
        refusal(fetchUrlContent(`${base}${path}`, { ...local, timeoutMs })).then(
          (error) => error.message,
        );
      const longer = given(2000);
      expect(await Promise.race([given(300), longer])).toBe(
        'Failed to process URL: no complete answer within 0.3 seconds',
      );
      expect(await longer).toMatch(/^Failed to process URL: no complete answer within 2 seconds?$/);
    }
  });

  it('explains what it cannot read', async () => {
    const cases: [string, string][] = [
      ['/empty', 'Failed to extract content from URL'],
      ['/image', 'Failed to process URL: cannot read content of type image/png'],
      ['/missing', 'Failed to process URL: the server answered 404'],
    ];
    for (const [path, message] of cases) {
      expect((await refusal(fetchUrlContent(`${base}${path}`, local))).message).toBe(message);
    }
  });

  it('says a page could not be reached without the system’s own words (addresses, ports)', async () => {
    // A port nobody listens on: the connection is refused (ECONNREFUSED 127.0.0.1:port).
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const error = await refusal(fetchUrlContent(`http://127.0.0.1:${closed}/`, local));
    expect(error.message).toBe('Failed to process URL: the page could not be reached');
    expect(error.code).toBe('URL_UNREACHABLE');
  });

  it('accepts http and https only, and refuses what does not parse', async () => {
    for (const url of [
      'ftp://example.com/file',
      'file:///etc/passwd',
      'data:text/plain,hi',
      'gopher://x/',
    ]) {
      const error = await refusal(fetchUrlContent(url));
      expect(error.message).toBe(
        'Failed to process URL: only http and https addresses can be fetched',
      );
      expect(error.status).toBe(400);
    }
    for (const url of ['not a url', '', 'http://', 'http://exa mple.com/']) {
      const error = await refusal(fetchUrlContent(url));
      expect(error.message).toBe('Invalid URL format');
      expect(error.status).toBe(400);
    }
    expect((await refusal(fetchUrlContent('http://user:pass@example.com/'))).code).toBe(
      'URL_CREDENTIALS',
    );
  });
});

describe('fetchUrlContent: SSRF', () => {
  it('opens no socket at all for 40 private, reserved and metadata addresses', async () => {
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    const forbidden = [
      '127.0.0.1',
      '127.255.255.254',
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.0.1',
      '192.168.255.254',
      '169.254.169.254',
      '169.254.0.1',
      '100.64.0.1',
      '100.127.255.254',
      '100.100.100.200',
      '0.0.0.0',
      '0.1.2.3',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '[::1]',
      '[::]',
      '[fe80::1]',
      '[fc00::1]',
      '[fd00:ec2::254]',
      '[ff02::1]',
      '[::ffff:10.0.0.1]',
      '[::ffff:169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:a9fe:a9fe::1]',
      '[2001:db8::1]',
      '[2001::1]',
      '2852039166',
      '0xa9.0xfe.0xa9.0xfe',
      '0251.0376.0251.0376',
      '10.1',
    ];
    expect(forbidden.length).toBeGreaterThanOrEqual(40);
    try {
      for (const host of forbidden) {
        const error = await refusal(fetchUrlContent(`http://${host}:8080/latest/meta-data/`));
        expect(error.code, host).toBe('URL_FORBIDDEN');
      }
      expect(connect).not.toHaveBeenCalled();
      // The spy sees real connections: an allowed fetch goes through it.
      await fetchUrlContent(`${base}/notes.txt`, local);
      expect(connect).toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });

  it('refuses loopback in every spelling with the production policy, and fetches nothing', async () => {
    const port = new URL(base).port;
    const urls = [
      `http://localhost:${port}/article`,
      `http://LOCALHOST:${port}/article`,
      `http://127.0.0.1:${port}/article`,
      `http://2130706433:${port}/article`,
      `http://0177.0.0.1:${port}/article`,
      `http://0x7f.1:${port}/article`,
      `http://0x7f000001:${port}/article`,
      `http://127.1:${port}/article`,
      `http://0:${port}/article`,
      `http://0.0.0.0:${port}/article`,
      `http://[::1]:${port}/article`,
      `http://[::ffff:127.0.0.1]:${port}/article`,
      `http://[::ffff:7f00:1]:${port}/article`,
      `http://[::127.0.0.1]:${port}/article`,
    ];
    for (const url of urls) {
      const error = await refusal(fetchUrlContent(url));
      // An address is refused as such; a name is refused as one that was not found.
      expect(error.message, url).toMatch(
        /^Failed to process URL: (the address of .* is not a public address|the host localhost was not found or is not public)$/i,
      );
      expect(['URL_FORBIDDEN', 'URL_NOT_FOUND']).toContain(error.code);
    }
    expect(hits).toEqual([]);
  });

  it('judges the address the socket connects to (DNS rebinding)', async () => {
    const port = new URL(base).port;
    const lookups: string[] = [];
    const resolver = (answers: Record<string, string[]>) =>
      ((host: string, options: unknown, callback: (...args: unknown[]) => void) => {
        lookups.push(host);
        const list = (answers[host] ?? []).map((address) => ({ address, family: 4 }));
        if ((options as { all?: boolean }).all) callback(null, list, 4);
        else callback(null, list[0]?.address, 4);
      }) as unknown as typeof dns.lookup;
    const names = resolver({
      'public.test': ['127.0.0.1'],
      'victim.test': ['127.0.0.2'],
      'mixed.test': ['127.0.0.1', '127.0.0.2'],
    });

    // The socket connects through the guarded lookup: one lookup, and the address it answered
    // is the one connected to (the test policy allows 127.0.0.1 only).
    const page = await fetchUrlContent(`http://public.test:${port}/notes.txt`, {
      ...local,
      resolve: names,
    });
    expect(page.content).toBe('Plain notes about cells.');
    expect(lookups).toEqual(['public.test']);

    for (const host of ['victim.test', 'mixed.test']) {
      const error = await refusal(
        fetchUrlContent(`http://${host}:${victimPort}/`, { ...local, resolve: names }),
      );
      expect(error.message).toBe(
        `Failed to process URL: the host ${host} was not found or is not public`,
      );
      expect(error.code).toBe('URL_NOT_FOUND');
    }
    expect(victimHits).toBe(0);
    // A name that does not resolve gets the same answer: nothing tells internal names apart.
    const missing = await refusal(
      fetchUrlContent(`http://nowhere.test:${victimPort}/`, { ...local, resolve: names }),
    );
    expect(missing.message).toBe(
      'Failed to process URL: the host nowhere.test was not found or is not public',
    );
    expect(missing.code).toBe('URL_NOT_FOUND');
  });

  it('checks every redirect hop, whatever the spelling of the target', async () => {
    const p = victimPort;
    const targets = [
      `http://127.0.0.2:${p}/`,
      `http://2130706434:${p}/`,
      `http://0177.0.0.2:${p}/`,
      `http://0x7f.0.0.2:${p}/`,
      `http://0x7f000002:${p}/`,
      `http://[::ffff:127.0.0.2]:${p}/`,
      `http://[::ffff:7f00:2]:${p}/`,
      `http://[64:ff9b::7f00:2]:${p}/`,
      'http://10.0.0.1/secret',
      'http://172.16.5.4/',
      'http://192.168.1.1/admin',
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://100.100.100.200/latest/meta-data/',
      'http://2852039166/latest/meta-data/',
      'http://0xa9fea9fe/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://[fe80::1]/',
      'http://[::]/',
    ];
    for (const target of targets) {
      const error = await refusal(
        fetchUrlContent(`${base}/redirect?to=${encodeURIComponent(target)}`, local),
      );
      expect(error.code, target).toBe('URL_FORBIDDEN');
    }
    const malformed = await refusal(
      fetchUrlContent(`${base}/redirect?to=${encodeURIComponent('http://256.1.1.1/')}`, local),
    );
    expect(malformed.message).toBe(
      'Failed to process URL: the page redirects to an invalid address',
    );
    for (const target of ['file:///etc/passwd', 'gopher://127.0.0.1:25/']) {
      const error = await refusal(
        fetchUrlContent(`${base}/redirect?to=${encodeURIComponent(target)}`, local),
      );
      expect(error.code, target).toBe('URL_SCHEME');
    }
    expect(victimHits).toBe(0);
  });
});
