/** The typed configuration the server runs on (`loadConfig` in ../config.ts builds it). */

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string | undefined;
  baseUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };
  authSecret: string | undefined;
  trustedOrigins: string[];
  trustProxy: boolean;
  /** Reverse proxies in front of the app whose X-Forwarded-For entries are trusted. */
  trustProxyHops: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  requireEmailVerification: boolean;
  /**
   * A sign-up with a new address signs in at once (SIGN_UP_SIGNS_IN). Off by default: every
   * sign-up then answers alike, 'check your e-mail', and the mailed link signs in (issue 21).
   */
  signUpSignsIn: boolean;
  rateLimit: { windowSeconds: number; max: number; signInMax: number };
  google: (OAuthProviderConfig & { issuerUrl: string }) | undefined;
  github: (OAuthProviderConfig & { url: string; apiUrl: string }) | undefined;
  shutdownTimeoutMs: number;
  ai: AiConfig;
  /** Whether users may connect their own model in Settings → AI (AI_USER_KEYS). */
  aiUserKeys: boolean;
  /** Tests only: where the user-chosen providers are reached (a local fake model). */
  testAiProviderUrl: string | undefined;
  generation: {
    workers: number;
    maxJobsPerUser: number;
    leaseSeconds: number;
    /** Time one attempt at a job may take before it fails ('took too long'). */
    deadlineSeconds: number;
    /**
     * How often a waiting status poll reads the job even without a wake-up: by default 250 ms
     * on SQLite (another process's change is seen only by reading) and 5 s on PostgreSQL
     * (LISTEN/NOTIFY wakes it; the look is a safety net).
     */
    statusRecheckMs: number;
  };
  storage: StorageConfig;
  /** Largest Anki package an import accepts (ANKI_IMPORT_MAX_MB), in bytes. */
  ankiImportMaxBytes: number;
  /** Rows one Anki package may hold: notes and cards, review rows (issue 21). */
  ankiImportRowLimits: { maxCards: number; maxReviews: number };
  /** Heap of the thread that reads one Anki package (ANKI_IMPORT_MEMORY_MB). */
  ankiImportMemoryMb: number;
  /** Per user: bytes of stored files (USER_STORAGE_QUOTA_MB) and cards (USER_CARD_QUOTA). */
  quotas: { storageBytes: number; cards: number };
  /**
   * Signed access tokens (JWT): their lifetime, and how often the signing key is replaced
   * (0 = never); a replaced key stays published for a day, so tokens it signed still verify.
   */
  jwt: { expiresSeconds: number; keyRotationDays: number };
  /** Text messages (phone codes): Twilio's REST API when configured, else the outbox. */
  sms: SmsConfig;
  /** Anki import workers in the web server (ANKI_IMPORT_WORKERS, 0 or 1). */
  ankiImportWorkers: number;
  /** Tests only: a request's `X-Test-Now` header sets its clock (src/server/clock.ts). */
  testClock: boolean;
  /** Tests and benchmarks only: each response says how many SQL statements it ran. */
  testStatementCount: boolean;
}

export interface SmsConfig {
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  /** Codes sent to one number in an hour, at most (more are refused with 429). */
  maxPerNumberPerHour: number;
  /** Codes sent for one account in 24 hours, at most. */
  maxPerAccountPerDay: number;
  /** Codes the whole server sends in an hour, at most. */
  maxPerHour: number;
  /** Calling codes of the countries codes may go to; empty: every country. */
  allowedCountryCodes: string[];
  outboxDir: string;
}

/** Where uploaded files are kept: a folder under DATA_DIR, or an S3-compatible bucket. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

/** Which model generates cards: the built-in offline generator, or an LLM through the AI SDK. */
export type AiConfig =
  | { provider: 'builtin' }
  | {
      provider: 'openai' | 'anthropic' | 'openai-compatible';
      model: string;
      baseUrl: string | undefined;
      apiKey: string | undefined;
      timeoutMs: number;
      concurrency: number;
      maxRetries: number;
    };
