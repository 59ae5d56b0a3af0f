import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from './api-routes';
import type { ApiRoute, FixtureIds } from './http/route-table';
import {
  bearerFor,
  BearerClient,
  createFixtures,
  newUser,
  snapshot,
} from '../../test/support/fixtures';
import { startFakeLlm } from '../../test/support/fake-llm';
import { HttpClient } from '../../test/support/http-client';
import { startTestServer, type TestServer } from '../../test/support/test-server';

/**
 * The tenant-isolation matrix: every route of the API table (so new routes join by
 * themselves), called by the owner (2xx), by another signed-in user with the owner's ids
 * (404, the owner's data unchanged) and anonymously (401); and, for routes that carry a deck id
 * in the body, by the other user with their own cards but the owner's deck (404). The whole
 * matrix runs twice: with session cookies as a browser sends them, and with API tokens as a
 * program sends them (`Authorization: Bearer`, no Origin; 'anonymous' is then a revoked token).
 */
let server: TestServer;
let fakeModel: Awaited<ReturnType<typeof startFakeLlm>>;

beforeAll(async () => {
  // A stand-in of the AI providers: Settings → AI checks a key with one request on save.
  fakeModel = await startFakeLlm(() => ({ cards: [] }));
  // No generation worker: the fixtures' job stays pending, so cancel and retry can be shown.
  // But an Anki import worker: the fixtures import a package with an image.
  server = await startTestServer({
    env: {
      GENERATION_WORKERS: '0',
      ANKI_IMPORT_WORKERS: '1',
      TEST_AI_PROVIDER_URL: fakeModel.baseUrl,
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await fakeModel?.stop();
});

function requestFor(definition: ApiRoute, ids: FixtureIds, bodyIds: FixtureIds = ids) {
  const path = definition.path
    .replace(':deckId', ids.deckId)
    .replace(':cardId', ids.cardId)
    .replace(':sessionId', ids.sessionId)
    .replace(':jobId', ids.jobId)
    .replace(':importJobId', ids.importJobId)
    .replace(':tokenId', ids.apiTokenId)
    .replace(':name', ids.mediaName);
  const query = definition.example.query
    ? `?${new URLSearchParams(definition.example.query(ids))}`
    : '';
  const body = definition.example.body?.(bodyIds);
  const form = definition.example.form?.(bodyIds);
  return { url: `/api${path}${query}`, body, form };
}

async function send(
  client: HttpClient,
  definition: ApiRoute,
  ids: FixtureIds,
  bodyIds?: FixtureIds,
) {
  const { url, body, form } = requestFor(definition, ids, bodyIds);
  const method = definition.method.toUpperCase();
  if (form) return client.request(url, { method, body: form });
  if (body === undefined) return client.request(url, { method });
  return client.request(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const label = (definition: ApiRoute) => `${definition.method.toUpperCase()} /api${definition.path}`;
/** A route takes ids when its request changes with the ids it is built from. */
const takesIds = (definition: ApiRoute, a: FixtureIds, b: FixtureIds) => {
  const shape = (ids: FixtureIds) => {
    const { url, body, form } = requestFor(definition, ids);
    return JSON.stringify({
      url,
      body,
      form: form && [...form.keys()].map((key) => form.get(key)),
    });
  };
  return shape(a) !== shape(b);
};

describe('tenant isolation matrix', () => {
  it('covers exactly the routes the server describes in /api/openapi.json', async () => {
    const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    // The table's routes: better-auth's routes are described beside them (auth-openapi.ts).
    const served = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/') && !path.startsWith('/.well-known/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const table = apiRoutes
      .map(
        (definition) =>
          `${definition.method.toUpperCase()} /api${definition.path.replace(/:(\w+)/g, '{$1}')}`,
      )
      .sort();
    expect(served).toEqual(table);
    expect(table.length).toBeGreaterThanOrEqual(16);
  });
});

describe.each(['cookie', 'bearer'] as const)('tenant isolation with %s credentials', (mode) => {
  /** The client a test acts through: the browser's cookie client, or a program's API token. */
  const actor = async (client: HttpClient) =>
    mode === 'cookie' ? client : await bearerFor(client, 'Matrix');
  const revokedBearer = async (client: HttpClient) => {
    const bearer = await bearerFor(client, 'Revoked');
    const listed = (await (await client.get('/api/api-tokens')).json()) as {
      api_tokens: { id: string; name: string }[];
    };
    const id = listed.api_tokens.find((token) => token.name === 'Revoked')?.id ?? '';
    expect((await client.request(`/api/api-tokens/${id}`, { method: 'DELETE' })).status).toBe(200);
    return new BearerClient(server.url, bearer.token);
  };

  for (const definition of apiRoutes) {
    it(`${label(definition)}: owner 2xx, other user 404 (403 for files) with nothing changed, anonymous 401`, async () => {
      const ownerSession = await newUser(server.url, 'owner');
      const intruderSession = await newUser(server.url, 'intruder');
      const ownerIds = await createFixtures(ownerSession);
      const intruderIds = await createFixtures(intruderSession);
      const owner = await actor(ownerSession);
      const intruder = await actor(intruderSession);
      const anonymousClient =
        mode === 'cookie' ? new HttpClient(server.url) : await revokedBearer(ownerSession);
      const before = await snapshot(ownerSession);
      // Account routes take a session only: a bearer token is refused for everyone (issue 21).
      const bearerRefused = mode === 'bearer' && definition.sessionOnly === true;
      const refusal = /^API tokens are managed from a signed-in session/;

      const anonymous = await send(anonymousClient, definition, ownerIds);
      expect(anonymous.status).toBe(401);

      if (takesIds(definition, ownerIds, intruderIds)) {
        const foreign = await send(intruder, definition, ownerIds);
        const foreignStatus = bearerRefused ? 403 : (definition.example.foreignStatus ?? 404);
        expect(foreign.status, await foreign.clone().text()).toBe(foreignStatus);
        const body = (await foreign.json()) as { error: { message: string } };
        expect(body.error.message).toMatch(
          bearerRefused
            ? refusal
            : foreignStatus === 403
              ? /^Access denied: File does not belong to user$/
              : /not found/,
        );
        expect(await snapshot(ownerSession)).toEqual(before);
      } else {
        // Routes without ids only ever see the caller's own data.
        const own = await send(intruder, definition, intruderIds);
        if (bearerRefused) expect(own.status).toBe(403);
        else expect(own.status).toBeLessThan(300);
        // JSON, CSV or a package: none holds another user's deck (the .apkg's decks are checked
        // by export.api.test.ts).
        expect(await own.text()).not.toContain(ownerIds.deckId);
        expect(await snapshot(ownerSession)).toEqual(before);
      }

      if (definition.example.refersToDeck) {
        // The intruder's own cards, but the owner's deck in the body.
        const crossIds = { ...intruderIds, deckId: ownerIds.deckId, otherDeckId: ownerIds.deckId };
        const cross = await send(intruder, definition, intruderIds, crossIds);
        expect(cross.status, await cross.clone().text()).toBe(404);
        expect(await snapshot(ownerSession)).toEqual(before);
      }

      await definition.example.before?.(
        (method, path, body) =>
          ownerSession.request(path, {
            method,
            ...(body === undefined
              ? {}
              : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
          }),
        ownerIds,
      );
      const allowed = await send(owner, definition, ownerIds);
      if (bearerRefused) {
        expect(allowed.status).toBe(403);
        expect(((await allowed.json()) as { error: { message: string } }).error.message).toMatch(
          refusal,
        );
      } else if (definition.example.ownerStatus) {
        expect(allowed.status, await allowed.clone().text()).toBe(definition.example.ownerStatus);
      } else {
        expect(allowed.status, await allowed.clone().text()).toBeGreaterThanOrEqual(200);
        expect(allowed.status).toBeLessThan(300);
      }
    });
  }
});
