import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { MAX_JSON_BODY_BYTES } from '../../core/constants';
import { errorBody } from './errors';

/** Security headers for every response, CSP included: the SPA loads nothing from elsewhere. */
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
  });

/** Bodies over 1 MB are refused with 413 before they are read whole. */
export const limitBody = (): MiddlewareHandler =>
  bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => {
      // The unread rest of the body makes the connection unusable: tell the client not to reuse it.
      c.header('Connection', 'close');
      return c.json(
        errorBody('PAYLOAD_TOO_LARGE', 'Request body is larger than the 1 MB limit'),
        413,
      );
    },
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a page of another origin (CSRF). Requests without
 * an Origin header (scripts, server-to-server) carry no ambient browser credentials risk beyond
 * the SameSite cookie, and are let through.
 */
export const sameOriginOnly =
  (allowedOrigins: string[]): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const foreignOrigin =
      origin !== undefined && origin !== 'null' && !allowedOrigins.includes(origin);
    if (foreignOrigin || origin === 'null' || site === 'cross-site') {
      return c.json(errorBody('FORBIDDEN_ORIGIN', 'Cross-origin request refused'), 403);
    }
    return next();
  };
