/**
 * The OpenAPI description of the better-auth routes a client uses (sign-up, sign-in, the
 * session, sign-out, access tokens and their keys), merged into /api/openapi.json beside the
 * route table. better-auth serves them; this file only describes them.
 */
const json = (schema: unknown) => ({ 'application/json': { schema } });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
});
const text = { type: 'string' };
const email = { type: 'string', format: 'email' };
const jwks = object(
  {
    keys: {
      type: 'array',
      items: object({ kid: text, kty: text, alg: text, crv: text, x: text }, ['kid', 'kty']),
    },
  },
  ['keys'],
);
const userAndSession = object({
  user: object({ id: text, email, name: text, emailVerified: { type: 'boolean' } }),
  session: object({ id: text, expiresAt: { type: 'string', format: 'date-time' } }),
});
const failure = {
  description: 'Refused: { "code", "message" } (better-auth error)',
  content: json(object({ code: text, message: text })),
};

const operation = (
  summary: string,
  details: {
    body?: unknown;
    response: unknown;
    security?: Array<Record<string, string[]>>;
    errors?: Record<string, string>;
  },
) => ({
  summary,
  tags: ['Authentication'],
  parameters: [],
  ...(details.body ? { requestBody: { required: true, content: json(details.body) } } : {}),
  responses: {
    200: { description: 'Success', content: json(details.response) },
    ...Object.fromEntries(
      Object.entries(details.errors ?? {}).map(([status, description]) => [
        status,
        { ...failure, description },
      ]),
    ),
  },
  security: details.security ?? [],
});

export const authOpenApiPaths: Record<string, Record<string, unknown>> = {
  '/api/auth/sign-up/email': {
    post: operation('Create an account with e-mail and password; sets the session cookie', {
      body: object({ email, password: { type: 'string', minLength: 8 }, name: text }, [
        'email',
        'password',
        'name',
      ]),
      response: object({ token: text, user: userAndSession.properties.user }),
      errors: { 400: 'Invalid e-mail or password too short', 422: 'User already exists' },
    }),
  },
  '/api/auth/sign-in/email': {
    post: operation(
      'Sign in with e-mail and password; sets the session cookie. With two-factor on, the answer is { twoFactorRedirect: true } and /api/auth/two-factor/verify-totp completes it',
      {
        body: object({ email, password: text, rememberMe: { type: 'boolean' } }, [
          'email',
          'password',
        ]),
        response: object({
          token: text,
          twoFactorRedirect: { type: 'boolean' },
          user: userAndSession.properties.user,
        }),
        errors: { 401: 'Invalid email or password', 429: 'Too many requests' },
      },
    ),
  },
  '/api/auth/two-factor/verify-totp': {
    post: operation('Complete a two-factor sign-in with a code from the authenticator app', {
      body: object({ code: text, trustDevice: { type: 'boolean' } }, ['code']),
      response: userAndSession,
      errors: { 401: 'Invalid code' },
    }),
  },
  '/api/auth/get-session': {
    get: operation('The signed-in user and session, or null', {
      response: { oneOf: [userAndSession, { type: 'null' }] },
      security: [{ session: [] }],
    }),
  },
  '/api/auth/sign-out': {
    post: operation('End the session (the cookie is cleared)', {
      response: object({ success: { type: 'boolean' } }),
      security: [{ session: [] }],
    }),
  },
  '/api/auth/token': {
    get: operation(
      'A short-lived signed access token (JWT) for the session; POST /api/access-tokens does the same from an API token',
      { response: object({ token: text }, ['token']), security: [{ session: [] }] },
    ),
  },
  '/api/auth/jwks': {
    get: operation('The public keys that sign access tokens (also at /.well-known/jwks.json)', {
      response: jwks,
    }),
  },
  '/.well-known/jwks.json': {
    get: operation(
      'The public keys that sign access tokens (JWKS, EdDSA/Ed25519); a replaced key stays listed while tokens it signed may still be valid',
      { response: jwks },
    ),
  },
};
