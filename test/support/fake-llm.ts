import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: unknown;
  /** The request's Authorization header (recorded by the fake, not sent by the client's body). */
  authorization?: string;
}

/** What the fake answers to one request: cards, an HTTP error, or a hang. */
export type FakeReply =
  | { cards: { type: string; front: string; back: string; sourceQuote: string }[] }
  | { status: number; message: string }
  | { hang: true }
  /** The assistant's text as given (fenced, truncated or prose-wrapped JSON). */
  | { raw: string };

/**
 * A local stand-in for an OpenAI-compatible chat completions server (Ollama, vLLM, OpenAI
 * itself) on 127.0.0.1: POST /v1/chat/completions answered by a script, so tests exercise the
 * real AI SDK over real HTTP, including 429/5xx retries and timeouts.
 */
/** The settings that point a Mnemo server at a fake model server. */
export function fakeLlmEnv(baseUrl: string): Record<string, string> {
  return { AI_PROVIDER: 'openai-compatible', AI_BASE_URL: baseUrl, AI_MODEL: 'fake-model' };
}

export async function startFakeLlm(
  reply: (request: ChatRequest, index: number) => FakeReply | Promise<FakeReply>,
  port = 0,
) {
  const requests: ChatRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(raw) as ChatRequest;
      request.authorization = req.headers.authorization;
      requests.push(request);
      const answer = await reply(request, requests.length - 1);
      if ('hang' in answer) return; // never answers: the client's timeout must end it
      if ('status' in answer) {
        // A short retry-after keeps the client's backoff (and the tests) quick.
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'retry-after-ms': '50',
        });
        res.end(JSON.stringify({ error: { message: answer.message, type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: 'raw' in answer ? answer.raw : JSON.stringify({ cards: answer.cards }),
              },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    requests,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The user text of a chat request (the content chunk the model was given). */
export function promptOf(request: ChatRequest): string {
  return request.messages
    .filter((message) => message.role === 'user')
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : (message.content as { text?: string }[]).map((part) => part.text ?? '').join(''),
    )
    .join('\n');
}
