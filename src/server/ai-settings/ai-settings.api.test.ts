import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiSettingsView } from '../../core/ai-settings-schemas';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import { runOnServerDatabase } from '../../../test/support/database-access';
import { type ChatRequest, type FakeReply, startFakeLlm } from '../../../test/support/fake-llm';
import { bearerFor, createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

const GOOD_KEY = 'sk-test-good-key-7b3f9a1234';
const TEXT =
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. ' +
  'It takes place in the chloroplasts, which hold the green pigment chlorophyll.';
const CARD = {
  type: 'qa',
  front: 'Where does photosynthesis take place?',
  back: 'In the chloroplasts',
  sourceQuote: 'It takes place in the chloroplasts',
};

/**
 * Settings → AI (issue 22 §4) against a local stand-in of the providers: the key is checked
 * with one request on save, stored sealed (the column does not hold it), never sent back, used
 * for the user's own jobs only, and removable.
 */
describe('Settings → AI: a user connects their own model', () => {
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  let server: TestServer;
  let reply: (request: ChatRequest) => FakeReply;

  beforeAll(async () => {
    reply = (request) =>
      request.authorization === `Bearer ${GOOD_KEY}`
        ? { cards: [CARD] }
        : { status: 401, message: `Incorrect API key provided: ${request.authorization}` };
    fake = await startFakeLlm((request) => reply(request));
    server = await startTestServer({
      env: { TEST_AI_PROVIDER_URL: `${fake.baseUrl}`, AI_MAX_RETRIES: '0' },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  const save = (user: HttpClient, body: unknown) =>
    user.request('/api/ai-settings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const generate = async (user: HttpClient) => {
    const deckId = (await createDeck(user, 'Plants')).id;
    const response = await user.request('/api/generation/text', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deckId, content: TEXT }),
    });
    const job = await json<GenerationJob>(response, 201);
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    return (
      await json<FlashcardPage>(
        await user.get(`/api/flashcards?source_job_id=${job.id}&limit=100`),
        200,
      )
    ).flashcards;
  };

  it('starts on the server generator, refuses a key the provider refuses, and keeps nothing', async () => {
    const user = await newUser(server.url);
    const initial = await json<AiSettingsView>(await user.get('/api/ai-settings'), 200);
    expect(initial).toMatchObject({
      user_keys_allowed: true,
      connected: null,
      server: { kind: 'builtin' },
    });
    const calls = fake.requests.length;
    const refused = await save(user, {
      provider: 'openai',
      model: 'gpt-4o-mini',
      api_key: 'sk-wrong-key-0000',
    });
    expect(refused.status).toBe(400);
    const body = await refused.text();
    expect(JSON.parse(body)).toEqual({
      error: {
        code: 'AI_KEY_REFUSED',
        message: 'The AI service refused the key; check the key and try again',
      },
    });
    expect(body).not.toContain('sk-wrong');
    expect(fake.requests.length).toBe(calls + 1);
    expect((await json<AiSettingsView>(await user.get('/api/ai-settings'), 200)).connected).toBe(
      null,
    );
  });

  it('refuses a malformed key or an unknown provider before calling anyone', async () => {
    const user = await newUser(server.url);
    const calls = fake.requests.length;
    const shortKey = await save(user, { provider: 'openai', model: 'gpt-4o-mini', api_key: 'x' });
    expect(shortKey.status).toBe(400);
    expect(await shortKey.text()).toContain('Paste an API key');
    const provider = await save(user, {
      provider: 'http://evil.example',
      model: 'm',
      api_key: GOOD_KEY,
    });
    expect(provider.status).toBe(400);
    expect(await provider.text()).toContain('Choose OpenAI, Anthropic or OpenRouter');
    const baseUrl = await save(user, {
      provider: 'openai',
      model: 'gpt-4o-mini',
      api_key: GOOD_KEY,
      base_url: 'http://169.254.169.254',
    });
    expect(baseUrl.status).toBe(400);
    expect(fake.requests.length).toBe(calls);
  });

  it("checks the key on save, stores it sealed, shows only '••••' and its end, and runs this user's jobs on it", async () => {
    const user = await newUser(server.url);
    const other = await newUser(server.url);
    const saved = await save(user, { provider: 'openai', model: 'gpt-4o-mini', api_key: GOOD_KEY });
    const view = await json<AiSettingsView>(saved, 200);
    expect(view.connected).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      key_hint: '••••1234',
    });
    expect(JSON.stringify(view)).not.toContain('good-key');
    expect(JSON.stringify(await (await user.get('/api/ai-settings')).json())).not.toContain(
      'good-key',
    );

    // The column holds neither the key nor a piece of it longer than the hint.
    const rows = await runOnServerDatabase(server, 'select * from user_ai_settings', []);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(GOOD_KEY);
      expect(stored).not.toContain('good-key');
    }

    // The user's job runs on the user's model with the user's key…
    const before = fake.requests.length;
    const cards = await generate(user);
    expect(cards.map((card) => card.front_content)).toEqual([CARD.front]);
    const used = fake.requests.slice(before);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((request) => request.authorization === `Bearer ${GOOD_KEY}`)).toBe(true);
    expect(used.every((request) => request.model === 'gpt-4o-mini')).toBe(true);

    // …and another user's job does not: it runs on the server's built-in generator.
    const unused = fake.requests.length;
    const otherCards = await generate(other);
    expect(otherCards.length).toBeGreaterThan(0);
    expect(otherCards.map((card) => card.front_content)).not.toContain(CARD.front);
    expect(fake.requests.length).toBe(unused);

    // Removed: the user's jobs are the server's again.
    const removed = await user.request('/api/ai-settings', { method: 'DELETE' });
    expect((await json<AiSettingsView>(removed, 200)).connected).toBe(null);
    const after = fake.requests.length;
    expect((await generate(user)).map((card) => card.front_content)).not.toContain(CARD.front);
    expect(fake.requests.length).toBe(after);
  });

  it('is an account route: an API token cannot read or change it', async () => {
    const user = await newUser(server.url);
    const bearer = await bearerFor(user, 'Script');
    expect((await bearer.get('/api/ai-settings')).status).toBe(403);
    expect(
      (await save(bearer, { provider: 'openai', model: 'gpt-4o-mini', api_key: GOOD_KEY })).status,
    ).toBe(403);
  });
});

describe('Settings → AI turned off by the operator (AI_USER_KEYS=false)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AI_USER_KEYS: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('says so and refuses to connect a model', async () => {
    const user = await newUser(server.url);
    const view = await json<AiSettingsView>(await user.get('/api/ai-settings'), 200);
    expect(view).toMatchObject({ user_keys_allowed: false, connected: null });
    const refused = await user.request('/api/ai-settings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4o-mini', api_key: GOOD_KEY }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(
      'Connecting your own AI model is turned off on this server',
    );
  });
});
