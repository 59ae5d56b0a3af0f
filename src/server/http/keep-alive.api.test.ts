import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

// Learners answer every few seconds on one kept-alive connection: the server must not close it
// after Node's default 5 s idle, or the next answer sent on it fails (main.ts: 65 s).

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

/** Sends one request on the socket and resolves with the response's head, or rejects on close. */
function exchange(socket: net.Socket, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n') && received.includes('"status"')) {
        cleanup();
        resolve(received.split('\r\n')[0]!);
      }
    };
    const onClose = () => {
      cleanup();
      reject(new Error('the server closed the connection'));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.on('close', onClose);
    socket.write(request);
  });
}

describe('kept-alive connections', () => {
  it('stay open across an idle pause of several seconds', async () => {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const request = `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`;
    try {
      expect(await exchange(socket, request)).toBe('HTTP/1.1 200 OK');
      await new Promise((resolve) => setTimeout(resolve, 6500));
      expect(socket.destroyed).toBe(false);
      expect(await exchange(socket, request)).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  }, 20_000);
});
