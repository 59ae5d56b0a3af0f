/**
 * Kysely's SQLite dialect with two changes that matter under load (issue 13):
 *
 * - **Requests are served in order.** SQLite has one connection; Kysely guards it with a lock
 *   that wakes every waiter at each release and lets a newcomer take it first. Here the
 *   connection is handed from one holder straight to the next in a first-in, first-out queue,
 *   so a transaction waits for the ones before it and no more.
 * - **Statements are prepared once.** better-sqlite3's `prepare` parses and plans the SQL each
 *   time; the connection keeps the prepared statements of the last 500 distinct queries.
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  CompiledQuery as Compiled,
} from 'kysely';

const STATEMENT_CACHE_SIZE = 500;

/** SQLite's adapter, telling Kysely not to add its own lock: the driver queues fairly. */
class QueuedSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

export class CachedSqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(readonly database: BetterSqlite3.Database) {}

  /** The prepared statement of `sql`, reused; the least recently used ones are dropped. */
  statement(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.database.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        this.#statements.delete(this.#statements.keys().next().value as string);
      }
    }
    this.#statements.set(sql, statement);
    return statement;
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return Promise.resolve(this.executeSync<R>(compiledQuery));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  executeSync<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.statement(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
      numAffectedRows: changes == null ? undefined : BigInt(changes),
      rows: [],
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite');
  }
}

class QueuedSqliteDriver implements Driver {
  readonly #connection: CachedSqliteConnection;
  #busy = false;
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = [];

  constructor(database: BetterSqlite3.Database) {
    this.#connection = new CachedSqliteConnection(database);
  }

  async init() {}

  acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#connection);
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    // Handed straight to the next in line: nobody who came later can take it first.
    if (next) next(this.#connection);
    else this.#busy = false;
    return Promise.resolve();
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(Compiled.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(Compiled.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(Compiled.raw('rollback'));
  }

  async destroy() {
    this.#connection.database.close();
  }
}

export class QueuedSqliteDialect implements Dialect {
  constructor(private readonly database: BetterSqlite3.Database) {}

  createDriver(): Driver {
    return new QueuedSqliteDriver(this.database);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new QueuedSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
