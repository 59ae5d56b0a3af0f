import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuthedEnv, SessionUser } from '../auth/require-user';
import type { Database } from '../db/database';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  readMultipart,
  type StreamedFile,
  streamMultipart,
  type UploadedFile,
} from '../files/multipart';
import type { FileStorage } from '../storage/storage';
import { readForm, readJson, readQuery } from './validate';
import { authOpenApiPaths } from './auth-openapi';
import { type AccessToken, API_TOKEN_MESSAGES } from '../../core/api-token-schemas';
import type { Mail } from '../mail/mailer';
import type { Quotas } from '../quotas/quotas.service';
import { forbidden } from './errors';
import type { UserAi } from '../ai-settings/ai-settings.service';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteContext<Body extends Schema, Query extends Schema> {
  db: Kysely<Database>;
  storage: FileStorage;
  user: SessionUser;
  params: Record<string, string>;
  body: Out<Body>;
  query: Out<Query>;
  /** The uploaded file of a multipart route (`form`), or null when none was sent. */
  file: UploadedFile | null;
  /** The file of a `streamFile` route, on disk (removed after the handler), or null. */
  streamed: StreamedFile | null;
  c: Context<AuthedEnv>;
  /** Signs a short-lived access token (JWT) for a user (src/server/auth/access-tokens.ts). */
  issueAccessToken: (user: SessionUser) => Promise<AccessToken>;
  /** Whether this request's session signed in or confirmed its password minutes ago. */
  sessionIsRecent: () => Promise<boolean>;
  /** Sends an e-mail after the response (a security notice). */
  notify: (mail: Mail) => void;
  /** Users' own AI models (Settings → AI): whether allowed, the key box, the key check. */
  ai: UserAi;
  /** Settings the routes need: upload limit, per-user quotas. */
  limits: RouteLimits;
}

/** Ids a test can use to build a valid request for a route (see the tenant matrix test). */
export interface FixtureIds {
  deckId: string;
  otherDeckId: string;
  cardId: string;
  cardIds: string[];
  /** An open learning session on deckId. */
  sessionId: string;
  /** A pending generation job on deckId. */
  jobId: string;
  /** A stored upload ({userId}/{timestamp}_{random}.txt). */
  filePath: string;
  /** A stored media file (`<sha256>.png`, unique to this user), from an imported Anki card. */
  mediaName: string;
  /** An Anki import job (completed) into otherDeckId. */
  importJobId: string;
  /** An API token of the owner. */
  apiTokenId: string;
  /**
   * A small valid Anki package (.apkg bytes), built by the test support: product code never
   * imports the package builder (eslint.config.js forbids it).
   */
  ankiPackage: Uint8Array;
}

/** Sends a request as the fixtures' owner (for `example.before`). */
export type FixtureSend = (method: string, path: string, body?: unknown) => Promise<Response>;

/**
 * One authenticated API route. The table of these is the single source for the Hono routes,
 * the OpenAPI document and the tenant-isolation test matrix.
 */
export interface ApiRoute<Body extends Schema = Schema, Query extends Schema = Schema> {
  method: 'get' | 'post' | 'patch' | 'delete';
  /** Relative to /api, Hono syntax: '/decks/:deckId'. */
  path: string;
  summary: string;
  tag: string;
  /**
   * An account route: a session cookie only, never a bearer token (403); API tokens reach
   * data routes only (issue 21).
   */
  sessionOnly?: boolean;
  /** A JSON body. */
  body?: Body;
  /** Instead of `body`: multipart/form-data with these text fields and one part named `file`. */
  form?: Body;
  /**
   * With `form`: the file part is streamed to a temporary file (`streamed`) instead of read into
   * memory, up to its own limit (413 with its own message beyond).
   */
  streamFile?: (limits: RouteLimits) => { maxBytes: number; tooLargeMessage: string };
  /** What the `file` part of a `form` route holds (for the API document). */
  fileDescription?: string;
  query?: Query;
  status?: 200 | 201 | 202;
  /** The error messages this route can answer with, for the reference page. */
  errors?: Partial<Record<400 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503, string[]>>;
  /** A valid request for the owner of the fixtures; `refersToDeck` marks deck ids in the body. */
  example: {
    body?: (ids: FixtureIds) => unknown;
    /** The multipart body of a `form` route. */
    form?: (ids: FixtureIds) => FormData;
    query?: (ids: FixtureIds) => Record<string, string>;
    refersToDeck?: boolean;
    /** The owner's status when it is not 2xx by design (documented at the route). */
    ownerStatus?: number;
    /** Another user's status with the owner's ids when it is not 404 (e.g. 403 for files). */
    foreignStatus?: number;
    /** Brings the owner's fixtures into the state the route needs (e.g. a failed job). */
    before?: (send: FixtureSend, ids: FixtureIds) => Promise<unknown>;
  };
  /** Answers JSON, or a Response of its own (a download). */
  handle(ctx: RouteContext<Body, Query>): Promise<unknown>;
}

/** Settings the routes need (from the configuration). */
export interface RouteLimits {
  ankiImportMaxBytes: number;
  /** Per-user quotas of stored bytes and cards (src/server/quotas). */
  quotas: Quotas;
}

/** Declares a route with its body and query types inferred from the schemas. */
export function route<Body extends Schema = undefined, Query extends Schema = undefined>(
  definition: ApiRoute<Body, Query>,
): ApiRoute {
  return definition as unknown as ApiRoute;
}

/** Registers every route of the table on a Hono app that already requires a user. */
export function mountRoutes(
  app: Hono<AuthedEnv>,
  routes: ApiRoute[],
  services: {
    db: Kysely<Database>;
    storage: FileStorage;
    limits: RouteLimits;
    issueAccessToken: RouteContext<undefined, undefined>['issueAccessToken'];
    sessionIsRecent: (c: Context<AuthedEnv>) => Promise<boolean>;
    notify: (mail: Mail) => void;
    ai: UserAi;
  },
) {
  const { limits, sessionIsRecent, ...shared } = services;
  for (const definition of routes) {
    app.on(definition.method.toUpperCase(), definition.path, async (c) => {
      if (definition.sessionOnly && c.get('authMethod') !== 'session') {
        throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
      }
      const query = definition.query ? readQuery(c, definition.query) : undefined;
      let body: unknown;
      let file: UploadedFile | null = null;
      let streamed: StreamedFile | null = null;
      if (definition.form && definition.streamFile) {
        const target = path.join(tmpdir(), `mnemo-upload-${randomUUID()}`);
        try {
          const form = await streamMultipart(c.req.raw, {
            path: target,
            ...definition.streamFile(limits),
          });
          streamed = form.file;
          body = readForm(form.fields, definition.form);
        } catch (error) {
          await rm(target, { force: true });
          throw error;
        }
      } else if (definition.form) {
        const form = await readMultipart(c.req.raw);
        body = readForm(form.fields, definition.form);
        file = form.file;
      } else if (definition.body) {
        body = await readJson(c, definition.body);
      }
      const result = await definition
        .handle({
          ...shared,
          user: c.get('user'),
          params: c.req.param() as Record<string, string>,
          body: body as never,
          query,
          file,
          streamed,
          c,
          limits,
          sessionIsRecent: () => sessionIsRecent(c),
        })
        .finally(() => (streamed ? rm(streamed.path, { force: true }) : undefined));
      if (result instanceof Response) return result;
      // With its length known, a small answer is sent uncompressed (app.ts: compress threshold).
      const json = JSON.stringify(result);
      return c.body(json, (definition.status ?? 200) as ContentfulStatusCode, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(json)),
      });
    });
  }
}

const errorSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

function formSchema(
  fields: z.ZodType,
  fileDescription = '.txt, .md, .pdf, .docx or .doc, at most 10 MB',
) {
  const schema = z.toJSONSchema(fields, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return {
    type: 'object',
    properties: {
      ...schema.properties,
      file: {
        type: 'string',
        format: 'binary',
        description: fileDescription,
      },
    },
    required: [...(schema.required ?? []), 'file'],
  };
}

/** The OpenAPI 3.1 description of the route table. */
export function openApiDocument(routes: ApiRoute[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const definition of routes) {
    const openApiPath = `/api${definition.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters: unknown[] = [...definition.path.matchAll(/:(\w+)/g)].map((match) => ({
      name: match[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    if (definition.query) {
      const schema = z.toJSONSchema(definition.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          schema: property,
        });
      }
    }
    const errors: Record<string, unknown> = {
      401: {
        description: 'User not authenticated',
        content: { 'application/json': { schema: errorSchema } },
      },
    };
    for (const [status, messages] of Object.entries(definition.errors ?? {})) {
      errors[status] = {
        description: (messages ?? []).join('; '),
        content: { 'application/json': { schema: errorSchema } },
      };
    }
    paths[openApiPath] ??= {};
    paths[openApiPath][definition.method] = {
      summary: definition.summary,
      tags: [definition.tag],
      parameters,
      ...(definition.body
        ? {
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: z.toJSONSchema(definition.body, { io: 'input', unrepresentable: 'any' }),
                },
              },
            },
          }
        : {}),
      ...(definition.form
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: formSchema(definition.form, definition.fileDescription),
                },
              },
            },
          }
        : {}),
      responses: {
        [definition.status ?? 200]: { description: 'Success', content: { 'application/json': {} } },
        ...errors,
      },
      security: [{ session: [] }, { bearer: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mnemo API',
      version: '1.0.0',
      description:
        'Every /api route needs a signed-in session (the better-auth session cookie, see the Authentication routes) or a bearer token: an API token made in Settings → API tokens (or POST /api/api-tokens), or a short-lived access token (JWT) from POST /api/access-tokens. Bearer requests need no Origin header; cookie requests that change something must come from the app\'s origin. Errors are { "error": { "code", "message" } }. Another user\'s ids answer 404.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token (mnemo_pat_…, Settings → API tokens) or an access token (JWT) from POST /api/access-tokens, verified with /.well-known/jwks.json',
        },
      },
    },
    paths: { ...paths, ...authOpenApiPaths },
  };
}
