import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { preparedQuery } from '../db/prepared';

const sessionUser = preparedQuery<{ id: string; email: string; expiresAt: Date | string }>(
  'select "user"."id", "user"."email", "session"."expiresAt" from "session" ' +
    'join "user" on "user"."id" = "session"."userId" where "session"."token" = ?',
);

/** The session of a token with its user's id and e-mail, in one indexed read. */
export async function findSessionUser(db: Kysely<Database>, token: string) {
  const [row] = await sessionUser(db, [token]);
  if (!row) return undefined;
  return { id: row.id, email: row.email, expiresAt: new Date(row.expiresAt) };
}
