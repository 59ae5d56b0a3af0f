import type { Kysely } from 'kysely';
import type { ApiTokenTable, Database } from '../db/database';

/** better-auth's user table, read to give a bearer request its user. */
type WithUsers = Database & { user: { id: string; email: string } };

export async function listApiTokenRows(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countApiTokens(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertApiToken(db: Kysely<Database>, row: ApiTokenTable) {
  await db.insertInto('api_tokens').values(row).execute();
}

/** Deletes one of the user's tokens; false when the user has no token with that id. */
export async function deleteApiToken(
  db: Kysely<Database>,
  userId: string,
  tokenId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('api_tokens')
    .where('user_id', '=', userId)
    .where('id', '=', tokenId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every token of the user; answers how many there were. */
export async function deleteAllApiTokens(db: Kysely<Database>, userId: string): Promise<number> {
  const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The token with this hash and its user, in one query (a bearer request's authentication). */
export async function findApiTokenByHash(db: Kysely<Database>, tokenHash: string) {
  return (db as unknown as Kysely<WithUsers>)
    .selectFrom('api_tokens')
    .innerJoin('user', 'user.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as id',
      'api_tokens.expires_at as expires_at',
      'api_tokens.last_used_at as last_used_at',
      'user.id as user_id',
      'user.email as email',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchApiToken(db: Kysely<Database>, tokenId: string, at: string) {
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute();
}

/** A user by id (a JWT's subject), or undefined when the account is gone. */
export async function findUserById(db: Kysely<Database>, userId: string) {
  return (db as unknown as Kysely<WithUsers>)
    .selectFrom('user')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
