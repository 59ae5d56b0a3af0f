import { API_TOKEN_MESSAGES, createApiTokenSchema } from '../../core/api-token-schemas';
import { forbidden } from '../http/errors';
import { type ApiRoute, route } from '../http/route-table';
import { emails } from '../auth/emails';
import { REAUTH_MESSAGES } from '../auth/reauth';
import {
  createApiToken,
  listApiTokens,
  revokeAllApiTokens,
  revokeApiToken,
} from './api-tokens.service';

/** API tokens for programs (Settings → API tokens) and signed access tokens (JWT). */
export const apiTokenRoutes: ApiRoute[] = [
  route({
    method: 'get',
    path: '/api-tokens',
    tag: 'API tokens',
    summary:
      "List the user's API tokens (newest first, with their last use); their secrets are never shown again. From a session only",
    sessionOnly: true,
    example: {},
    handle: ({ db, user }) => listApiTokens(db, user.id),
  }),
  route({
    method: 'post',
    path: '/api-tokens',
    tag: 'API tokens',
    summary:
      'Create a named API token; the answer holds the token itself (`token`), shown this once. Send it as `Authorization: Bearer <token>`. From a session that signed in or confirmed its password (POST /api/auth/account/confirm-password) in the last 5 minutes; the account gets an e-mail',
    sessionOnly: true,
    body: createApiTokenSchema,
    status: 201,
    errors: {
      400: [API_TOKEN_MESSAGES.nameRequired, API_TOKEN_MESSAGES.nameTooLong],
      403: [API_TOKEN_MESSAGES.sessionOnly, REAUTH_MESSAGES.required],
      409: [API_TOKEN_MESSAGES.tooMany],
    },
    example: { body: () => ({ name: 'Matrix script', expires_in_days: 30 }) },
    handle: async ({ db, user, body, sessionIsRecent, notify }) => {
      if (!(await sessionIsRecent()))
        throw forbidden(REAUTH_MESSAGES.required, REAUTH_MESSAGES.code);
      const created = await createApiToken(db, user.id, body);
      notify(
        emails.securityNotice(
          user.email,
          `An API token named "${created.api_token.name}" was created`,
        ),
      );
      return created;
    },
  }),
  route({
    method: 'delete',
    path: '/api-tokens',
    tag: 'API tokens',
    summary:
      'Revoke every API token of the user (offered after a password change and by "sign out everywhere"). From a session only',
    sessionOnly: true,
    example: {},
    handle: ({ db, user }) => revokeAllApiTokens(db, user.id),
  }),
  route({
    method: 'delete',
    path: '/api-tokens/:tokenId',
    tag: 'API tokens',
    summary: 'Revoke an API token: requests with it are refused from now on. From a session only',
    sessionOnly: true,
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
