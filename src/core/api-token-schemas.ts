import { z } from 'zod';

/** Limits on API tokens (docs/decisions/0008-api-tokens.md). */
export const API_TOKEN_NAME_MAX = 100;
export const API_TOKENS_PER_USER_MAX = 50;
export const API_TOKEN_EXPIRY_DAYS_MAX = 3650;
/** Every API token starts so, which tells it from a JWT and makes a leaked one easy to find. */
export const API_TOKEN_PREFIX = 'mnemo_pat_';

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Token name is required',
  nameTooLong: `Token name must be at most ${API_TOKEN_NAME_MAX} characters`,
  expiry: `Expiry must be a whole number of days from 1 to ${API_TOKEN_EXPIRY_DAYS_MAX}`,
  tooMany: `You can have at most ${API_TOKENS_PER_USER_MAX} API tokens; revoke one first`,
  notFound: 'API token not found',
  invalid: 'Invalid or revoked API token',
  badHeader: 'Authorization must be "Bearer <token>"',
  invalidBearer: 'Invalid bearer token',
  jwtSignature: 'Invalid JWT signature',
  jwtExpired: 'Access token expired',
  jwtInvalid: 'Invalid access token',
  jwtFromJwt: 'An access token cannot issue another; use a session or an API token',
  sessionOnly: 'API tokens are managed from a signed-in session in Settings, not with a token',
} as const;

export const createApiTokenSchema = z.strictObject({
  name: z
    .string({ message: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  /** Days until the token stops working; without it the token lasts until revoked. */
  expires_in_days: z
    .number({ message: API_TOKEN_MESSAGES.expiry })
    .int(API_TOKEN_MESSAGES.expiry)
    .min(1, API_TOKEN_MESSAGES.expiry)
    .max(API_TOKEN_EXPIRY_DAYS_MAX, API_TOKEN_MESSAGES.expiry)
    .nullish(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

/** An API token as the API shows it: never its secret, which is shown once at creation. */
export interface ApiToken {
  id: string;
  name: string;
  /** The first characters of the token, to recognise it. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

export interface CreatedApiToken {
  api_token: ApiToken;
  /** The token itself: shown this once, stored only as a hash. */
  token: string;
}

/** A signed access token (JWT) and its lifetime in seconds. */
export interface AccessToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}
