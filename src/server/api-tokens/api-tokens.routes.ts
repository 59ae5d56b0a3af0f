import { API_TOKEN_MESSAGES, createApiTokenSchema } from '../../core/api-token-schemas';
import { forbidden } from '../http/errors';
import { type ApiRoute, route } from '../http/route-table';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service';

/** API tokens for programs (Settings → API tokens) and signed access tokens (JWT). */
export const apiTokenRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/api-tokens',
    tag: 'API tokens',
    summary: "List the user's API tokens (newest first); their secrets are never shown again",
    example: {},
    handle: ({ db, user }) => listApiTokens(db, user.id),
  }),
  route({
    method: 'post',
    path: '/api-tokens',
    tag: 'API tokens',
    summary:
      'Create a named API token; the answer holds the token itself (`token`), shown this once. Send it as `Authorization: Bearer <token>`',
    body: createApiTokenSchema,
    status: 201,
    errors: {
      400: [API_TOKEN_MESSAGES.nameRequired, API_TOKEN_MESSAGES.nameTooLong],
      409: [API_TOKEN_MESSAGES.tooMany],
    },
    example: { body: () => ({ name: 'Matrix script', expires_in_days: 30 }) },
    handle: ({ db, user, body }) => createApiToken(db, user.id, body),
  }),
  route({
    method: 'delete',
    path: '/api-tokens/:tokenId',
    tag: 'API tokens',
    summary: 'Revoke an API token: requests with it are refused from now on',
    errors: { 404: [API_TOKEN_MESSAGES.notFound] },
    example: {},
    handle: ({ db, user, params }) => revokeApiToken(db, user.id, params.tokenId ?? ''),
  }),
  route({
    method: 'post',
    path: '/access-tokens',
    tag: 'API tokens',
    summary:
      'Issue a short-lived signed access token (JWT, EdDSA) for the caller, from a session or an API token; verify it with GET /.well-known/jwks.json',
    status: 201,
    errors: { 403: [API_TOKEN_MESSAGES.jwtFromJwt] },
    example: {},
    handle: async ({ user, c, issueAccessToken }) => {
      if (c.get('authMethod') === 'jwt') throw forbidden(API_TOKEN_MESSAGES.jwtFromJwt);
      return issueAccessToken(user);
    },
  }),
];
