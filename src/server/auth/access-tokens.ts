import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { API_TOKEN_MESSAGES, type AccessToken } from '../../core/api-token-schemas';
import { unauthorized } from '../http/errors';
import type { Auth } from './auth';

/** A JWT is three base64url parts; an API token has its own prefix and no dots. */
export function looksLikeJwt(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/u.test(token);
}

export interface VerifyOptions {
  issuer: string;
  audience: string;
  /** Accept an expired token (its signature and other claims still checked). */
  allowExpired?: boolean;
  currentDate?: Date;
}

/**
 * Verifies a signed access token against a key set (the JWKS we publish), with the SPEC's
 * messages: a bad signature or an unknown key is 'Invalid JWT signature', an expired token is
 * refused unless `allowExpired`. Throws a 401 HttpError; returns the payload.
 */
export async function verifyAccessToken(
  token: string,
  keys: JSONWebKeySet,
  options: VerifyOptions,
): Promise<JWTPayload & { sub: string }> {
  try {
    const { payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      issuer: options.issuer,
      audience: options.audience,
      currentDate: options.currentDate,
    });
    if (typeof payload.sub !== 'string') throw unauthorized(API_TOKEN_MESSAGES.jwtInvalid);
    return payload as JWTPayload & { sub: string };
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      // jose checks the signature before the claims: an expired token was signed by us.
      if (options.allowExpired && typeof error.payload.sub === 'string') {
        return error.payload as JWTPayload & { sub: string };
      }
      throw unauthorized(API_TOKEN_MESSAGES.jwtExpired);
    }
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JWKSNoMatchingKey ||
      error instanceof errors.JWKSMultipleMatchingKeys
    ) {
      throw unauthorized(API_TOKEN_MESSAGES.jwtSignature);
    }
    if (error instanceof errors.JOSEError) throw unauthorized(API_TOKEN_MESSAGES.jwtInvalid);
    throw error;
  }
}

/** The published signing keys (better-auth's JWKS endpoint, also at /.well-known/jwks.json). */
export async function publishedKeys(auth: Auth): Promise<JSONWebKeySet> {
  return (await auth.api.getJwks()) as JSONWebKeySet;
}

/** Signs a short-lived access token for a user with the current key (better-auth's jwt plugin). */
export async function issueAccessToken(
  auth: Auth,
  user: { id: string; email: string },
  expiresSeconds: number,
): Promise<AccessToken> {
  const { token } = await auth.api.signJWT({
    body: { payload: { sub: user.id, email: user.email } },
  });
  return { access_token: token, token_type: 'Bearer', expires_in: expiresSeconds };
}
