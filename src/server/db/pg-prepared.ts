import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Server-side prepared statements for PostgreSQL's hot statements (issue 13). Kysely sends every
 * statement unnamed, so PostgreSQL parses and plans it each time. Here a statement text seen
 * `HOT_AFTER` times becomes a named statement (pg prepares it once per connection and then only
 * binds and executes); at most `MAX_NAMED` texts are named, so a connection keeps a bounded
 * number of prepared statements. Texts with `select *` (or `returning *`) are left unnamed: a table changed by a
 * newer process's migration would make such a prepared statement fail ("cached plan must not
 * change result type") until the connection closes.
 */
const HOT_AFTER = 20;
const MAX_NAMED = 200;
const MAX_TEXT = 8_000;
/** `select *`, `select "t".*`, `, "t".*` or `returning *` (not `count(*)`). */
const SELECTS_ALL = /(?:select|returning|,)\s*(?:"?\w+"?\.)?\*/i;

export class StatementNames {
  readonly #seen = new Map<string, number>();
  readonly #names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    const named = this.#names.get(text);
    if (named !== undefined) return named;
    if (this.#names.size >= MAX_NAMED || text.length > MAX_TEXT || SELECTS_ALL.test(text)) {
      return undefined;
    }
    const seen = (this.#seen.get(text) ?? 0) + 1;
    if (seen < HOT_AFTER) {
      // Counting stays bounded too: the counts start again once they fill up.
      if (this.#seen.size >= 10_000) this.#seen.clear();
      this.#seen.set(text, seen);
      return undefined;
    }
    this.#seen.delete(text);
    const name = `mnemo_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }
}

/**
 * A pool for Kysely's PostgresDialect whose clients send hot statements as named ones. One
 * wrapper per pg client, kept as long as the client: Kysely keys its connections by it.
 */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    query: ((text: unknown, values?: unknown[]) => {
      if (typeof text !== 'string') return client.query(text as never);
      const name = names.nameOf(text);
      return name ? client.query({ name, text, values }) : client.query(text, values);
    }) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    Client: (pool as unknown as { Client: PostgresPool['Client'] }).Client,
    options: pool.options,
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
