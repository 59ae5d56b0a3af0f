import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_USER_MAX,
  type ApiToken,
  type CreatedApiToken,
} from '../../core/api-token-schemas';
import { now } from '../clock';
import type { Database } from '../db/database';
import { toIso } from '../db/time';
import { conflict, notFound } from '../http/errors';
import {
  countApiTokens,
  deleteAllApiTokens,
  deleteApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokenRows,
  touchApiToken,
} from './api-tokens.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often, so a busy script does not write on each call. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** SHA-256 suffices: a token holds 256 random bits, so no guess can find one by its hash. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

type Row = Awaited<ReturnType<typeof listApiTokenRows>>[number];

function toApiToken(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: toIso(row.created_at),
    last_used_at: toIso(row.last_used_at),
    expires_at: toIso(row.expires_at),
  };
}

export async function listApiTokens(db: Kysely<Database>, userId: string) {
  return { api_tokens: (await listApiTokenRows(db, userId)).map(toApiToken) };
}

export async function createApiToken(
  db: Kysely<Database>,
  userId: string,
  input: { name: string; expires_in_days?: number | null },
): Promise<CreatedApiToken> {
  if ((await countApiTokens(db, userId)) >= API_TOKENS_PER_USER_MAX) {
    throw conflict(API_TOKEN_MESSAGES.tooMany);
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const createdAt = now();
  const row = {
    id: randomUUID(),
    user_id: userId,
    name: input.name,
    prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    token_hash: hashApiToken(token),
    expires_at: input.expires_in_days
      ? new Date(createdAt.getTime() + input.expires_in_days * DAY_MS).toISOString()
      : null,
    last_used_at: null,
    created_at: createdAt.toISOString(),
  };
  await insertApiToken(db, row);
  return { api_token: toApiToken(row), token };
}

export async function revokeApiToken(db: Kysely<Database>, userId: string, tokenId: string) {
  if (!(await deleteApiToken(db, userId, tokenId))) throw notFound(API_TOKEN_MESSAGES.notFound);
  return { revoked: true };
}

/** Revokes every API token of the user (a password reset, or the user's choice). */
export async function revokeAllApiTokens(db: Kysely<Database>, userId: string) {
  return { revoked: await deleteAllApiTokens(db, userId) };
}

/** The user an API token acts for, or null when it is unknown, revoked or expired. */
export async function userOfApiToken(db: Kysely<Database>, token: string) {
  const found = await findApiTokenByHash(db, hashApiToken(token));
  if (!found) return null;
  const at = now();
  if (found.expires_at && new Date(found.expires_at).getTime() <= at.getTime()) return null;
  const lastUsed = found.last_used_at ? new Date(found.last_used_at).getTime() : 0;
  if (at.getTime() - lastUsed >= TOUCH_INTERVAL_MS) {
    await touchApiToken(db, found.id, at.toISOString());
  }
  return { id: found.user_id, email: found.email, tokenId: found.id };
}
