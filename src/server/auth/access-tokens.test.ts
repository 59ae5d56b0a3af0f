import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES } from '../../core/api-token-schemas';
import { looksLikeJwt, verifyAccessToken } from './access-tokens';

const issuer = 'https://mnemo.test';
const at = new Date('2026-01-01T00:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function keyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' } };
}

async function sign(key: Awaited<ReturnType<typeof keyPair>>, exp = seconds(at) + 900) {
  return new SignJWT({ email: 'a@example.com' })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
    .setSubject('user-1')
    .setIssuer(issuer)
    .setAudience(issuer)
    .setIssuedAt(seconds(at))
    .setExpirationTime(exp)
    .sign(key.privateKey);
}

const options = { issuer, audience: issuer, currentDate: at };

async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as { status: number; message: string } | null;
  expect(error).not.toBeNull();
  return { status: error?.status, message: error?.message };
}

describe('verifyAccessToken', () => {
  it('accepts a token signed by a published key, old keys included', async () => {
    const current = await keyPair('new');
    const previous = await keyPair('old');
    const keys: JSONWebKeySet = { keys: [current.jwk, previous.jwk] };
    expect((await verifyAccessToken(await sign(current), keys, options)).sub).toBe('user-1');
    expect((await verifyAccessToken(await sign(previous), keys, options)).sub).toBe('user-1');
  });

  it("answers 'Invalid JWT signature' for a changed signature, a changed payload or an unknown key", async () => {
    const key = await keyPair('k1');
    const keys: JSONWebKeySet = { keys: [key.jwk] };
    const token = await sign(key);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    const stranger = await keyPair('k1');
    for (const bad of [
      `${header}.${payload}.${flipped}`,
      `${header}.${forged}.${signature}`,
      await sign(stranger),
      await sign(await keyPair('unknown')),
    ]) {
      expect(await refusal(verifyAccessToken(bad, keys, options))).toEqual({
        status: 401,
        message: API_TOKEN_MESSAGES.jwtSignature,
      });
    }
  });

  it('refuses an expired token unless expiry is explicitly allowed', async () => {
    const key = await keyPair('k1');
    const keys: JSONWebKeySet = { keys: [key.jwk] };
    const token = await sign(key, seconds(at) - 1);
    expect(await refusal(verifyAccessToken(token, keys, options))).toEqual({
      status: 401,
      message: API_TOKEN_MESSAGES.jwtExpired,
    });
    const allowed = await verifyAccessToken(token, keys, { ...options, allowExpired: true });
    expect(allowed.sub).toBe('user-1');
    // Allowing expiry never allows a bad signature.
    const other = await keyPair('k1');
    expect(
      await refusal(
        verifyAccessToken(await sign(other, seconds(at) - 1), keys, {
          ...options,
          allowExpired: true,
        }),
      ),
    ).toEqual({ status: 401, message: API_TOKEN_MESSAGES.jwtSignature });
  });

  it('refuses another issuer or audience, and garbage', async () => {
    const key = await keyPair('k1');
    const keys: JSONWebKeySet = { keys: [key.jwk] };
    const token = await sign(key);
    const elsewhere = { ...options, issuer: 'https://elsewhere.test' };
    expect((await refusal(verifyAccessToken(token, keys, elsewhere))).message).toBe(
      API_TOKEN_MESSAGES.jwtInvalid,
    );
    expect((await refusal(verifyAccessToken('a.b.c', keys, options))).message).toBe(
      API_TOKEN_MESSAGES.jwtInvalid,
    );
    expect(looksLikeJwt(token)).toBe(true);
    expect(looksLikeJwt('mnemo_pat_abc')).toBe(false);
  });
});
