import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { MAX_JSON_BODY_BYTES } from '../../core/constants';
import { MAX_UPLOAD_BYTES, REQUEST_MESSAGES } from '../../core/generation-requests';
import { MULTIPART_OVERHEAD_BYTES } from '../files/multipart';
import { errorBody } from './errors';

/** Security headers for every response, CSP included: the SPA loads nothing from elsewhere. */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The app's service worker (/sw.js) and manifest, both from the app's own origin.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });

/** A route path (`/api/decks/:deckId/import`) as a pattern of the paths it serves. */
export function pathPattern(routePath: string): RegExp {
  const parts = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`, 'u');
}

/** An upload route and, when it streams a larger file, its own limit and message. */
export interface UploadPath {
  path: string;
  maxBytes?: number;
  tooLargeMessage?: string;
}

/**
 * Bodies over 1 MB are refused with 413 before they are read whole; the upload routes (those
 * given) take a 10 MB file plus its form ('File size exceeds 10MB limit' past that), or their
 * own limit (an Anki package: ANKI_IMPORT_MAX_MB).
 */
export const limitBody = (uploadPaths: UploadPath[] = []): MiddlewareHandler => {
  const tooLarge =
    (code: string, message: string): Parameters<typeof bodyLimit>[0]['onError'] =>
    (c) => {
      // The unread rest of the body makes the connection unusable: tell the client not to reuse it.
      c.header('Connection', 'close');
      return c.json(errorBody(code, message), 413);
    };
  const json = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: tooLarge('PAYLOAD_TOO_LARGE', 'Request body is larger than the 1 MB limit'),
  });
  const uploads = uploadPaths.map((upload) => ({
    pattern: pathPattern(upload.path),
    limit: bodyLimit({
      maxSize: (upload.maxBytes ?? MAX_UPLOAD_BYTES) + MULTIPART_OVERHEAD_BYTES,
      onError: tooLarge('FILE_TOO_LARGE', upload.tooLargeMessage ?? REQUEST_MESSAGES.fileTooLarge),
    }),
  }));
  return (c, next) =>
    (uploads.find((upload) => upload.pattern.test(c.req.path))?.limit ?? json)(c, next);
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from one of the allowed origins, decided as
 * better-auth's own routes do: by `Origin` when present; else by `Sec-Fetch-Site` (only
 * `same-origin` and `none`, a user's own action, pass); else by the origin of `Referer`. A request
 * with none of the three is refused: browsers send `Origin` with every POST, PUT, PATCH and
 * DELETE, so only a stripped or forged request lacks all three.
 */
export function isSameOriginRequest(
  headers: { origin?: string; secFetchSite?: string; referer?: string },
  allowedOrigins: string[],
): boolean {
  const { origin, secFetchSite, referer } = headers;
  if (origin !== undefined) return origin !== 'null' && allowedOrigins.includes(origin);
  if (secFetchSite !== undefined) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  if (referer !== undefined) {
    const from = originOf(referer);
    return from !== null && allowedOrigins.includes(from);
  }
  return false;
}

/** Whether a request carries `Authorization: Bearer …` (checked for real by require-user.ts). */
export function hasBearer(authorization: string | undefined): boolean {
  return authorization !== undefined && /^Bearer /iu.test(authorization);
}

/** Refuses (403) state-changing requests that do not come from the app's own origin (CSRF). */
export const sameOriginOnly =
  (allowedOrigins: string[]): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // A program's request, authenticated by its bearer token alone (require-user.ts ignores the
    // cookie then): no browser sends it by itself, so there is no forgery to stop. better-auth's
    // own routes (/api/auth/*) read cookies, so they are never exempt.
    if (hasBearer(c.req.header('authorization')) && !c.req.path.startsWith('/api/auth/')) {
      return next();
    }
    const allowed = isSameOriginRequest(
      {
        origin: c.req.header('origin'),
        secFetchSite: c.req.header('sec-fetch-site'),
        referer: c.req.header('referer'),
      },
      allowedOrigins,
    );
    if (!allowed) {
      return c.json(errorBody('FORBIDDEN_ORIGIN', 'Cross-origin request refused'), 403);
    }
    return next();
  };
