import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting Mnemo reads from the environment. Each has an embedded default, so
 * `npm start` needs none; a setting that is present but invalid stops the start with
 * a message naming it (see `loadConfig`). The README's configuration table mirrors this.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const url = (protocols: string[], hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${hint}`)
      .optional(),
  );
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`)
      .default(fallback),
  );
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((value) => value === 'true' || value === '1'),
  );

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: int(0, 65535, 3000),
  HOST: optionalString,
  BASE_URL: url(['http:', 'https:'], 'http:// or https://'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres:// or postgresql://'),
  DATABASE_POOL_SIZE: int(1, 100, 10),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  TRUSTED_ORIGINS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins = (value ?? '')
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        for (const origin of origins) {
          try {
            const parsed = new URL(origin);
            if (parsed.origin !== origin.replace(/\/$/, '')) throw new Error('not an origin');
          } catch {
            ctx.addIssue({
              code: 'custom',
              message: `"${origin}" is not an origin such as http://localhost:5173`,
            });
          }
        }
        return origins.map((origin) => origin.replace(/\/$/, ''));
      }),
  ),
  TRUST_PROXY: bool(false),
  TRUST_PROXY_HOPS: int(1, 10, 1),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtp:// or smtps://'),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Mnemo <no-reply@mnemo.local>')),
  REQUIRE_EMAIL_VERIFICATION: bool(false),
  RATE_LIMIT_WINDOW_SECONDS: int(1, 86400, 60),
  RATE_LIMIT_MAX: int(1, 1_000_000, 100),
  RATE_LIMIT_SIGN_IN_MAX: int(1, 1_000_000, 10),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: url(['http:', 'https:'], 'http:// or https://'),
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_URL: url(['http:', 'https:'], 'http:// or https://'),
  GITHUB_API_URL: url(['http:', 'https:'], 'http:// or https://'),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000, 10_000),
  AI_PROVIDER: z.preprocess(
    emptyToUndefined,
    z
      .enum(['builtin', 'openai', 'anthropic', 'openai-compatible'], {
        message: 'must be builtin, openai, anthropic or openai-compatible',
      })
      .default('builtin'),
  ),
  AI_MODEL: optionalString,
  AI_BASE_URL: url(['http:', 'https:'], 'http:// or https://'),
  AI_API_KEY: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  AI_TIMEOUT_MS: int(1000, 3_600_000, 120_000),
  AI_CONCURRENCY: int(1, 32, 2),
  AI_MAX_RETRIES: int(0, 10, 3),
  GENERATION_WORKERS: int(0, 32, 1),
  GENERATION_MAX_JOBS_PER_USER: int(1, 100, 2),
  GENERATION_LEASE_SECONDS: int(5, 3600, 60),
  GENERATION_DEADLINE_SECONDS: int(5, 86_400, 600),
  GENERATION_STATUS_RECHECK_MS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(50, 'must be at least 50')
      .max(600_000, 'must be at most 600000')
      .optional(),
  ),
  ANKI_IMPORT_MAX_MB: int(1, 4096, 200),
  ANKI_IMPORT_MAX_CARDS: int(1, 10_000_000, 100_000),
  ANKI_IMPORT_MAX_REVIEWS: int(1, 100_000_000, 500_000),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM: optionalString,
  TWILIO_API_URL: url(['http:', 'https:'], 'http:// or https://'),
  SMS_MAX_PER_NUMBER_PER_HOUR: int(1, 1000, 5),
  SMS_MAX_PER_ACCOUNT_PER_DAY: int(1, 1000, 10),
  SMS_MAX_PER_HOUR: int(1, 1_000_000, 200),
  SMS_ALLOWED_COUNTRY_CODES: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*\d{1,3}(\s*,\s*\d{1,3})*\s*$/, 'must be calling codes such as 1,44,49')
      .transform((value) => value.split(',').map((code) => code.trim()))
      .optional(),
  ),
  JWT_EXPIRES_SECONDS: int(60, 86_400, 900),
  JWT_KEY_ROTATION_DAYS: int(0, 3650, 30),
  // Unset: one when GENERATION_WORKERS is above 0, else none.
  ANKI_IMPORT_WORKERS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'must be 0 or 1' })
      .int('must be 0 or 1')
      .min(0, 'must be 0 or 1')
      .max(1, 'must be 0 or 1')
      .optional(),
  ),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: url(['http:', 'https:'], 'http:// or https://'),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool(false),
  TEST_CLOCK: bool(false),
  TEST_STATEMENT_COUNT: bool(false),
});

export type Env = z.input<typeof envSchema>;

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
  rateLimit: { windowSeconds: number; max: number; signInMax: number };
  google: (OAuthProviderConfig & { issuerUrl: string }) | undefined;
  github: (OAuthProviderConfig & { url: string; apiUrl: string }) | undefined;
  shutdownTimeoutMs: number;
  ai: AiConfig;
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

const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-3-5-haiku-latest' } as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function pair(
  problems: string[],
  idKey: string,
  secretKey: string,
  id: string | undefined,
  secret: string | undefined,
): OAuthProviderConfig | undefined {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret) {
    problems.push(`${id ? secretKey : idKey}: must be set together with ${id ? idKey : secretKey}`);
  }
  return undefined;
}

/**
 * Parses the environment once. Throws a ConfigError listing every invalid setting by name.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(problems);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const google = pair(
    problems,
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    e.GOOGLE_CLIENT_ID,
    e.GOOGLE_CLIENT_SECRET,
  );
  const github = pair(
    problems,
    'GITHUB_CLIENT_ID',
    'GITHUB_CLIENT_SECRET',
    e.GITHUB_CLIENT_ID,
    e.GITHUB_CLIENT_SECRET,
  );
  let ai: AiConfig = { provider: 'builtin' };
  if (e.AI_PROVIDER !== 'builtin') {
    const apiKey =
      e.AI_API_KEY ??
      (e.AI_PROVIDER === 'openai'
        ? e.OPENAI_API_KEY
        : e.AI_PROVIDER === 'anthropic'
          ? e.ANTHROPIC_API_KEY
          : undefined);
    if (e.AI_PROVIDER === 'openai' && !apiKey) {
      problems.push('OPENAI_API_KEY: must be set (or AI_API_KEY) when AI_PROVIDER is openai');
    }
    if (e.AI_PROVIDER === 'anthropic' && !apiKey) {
      problems.push('ANTHROPIC_API_KEY: must be set (or AI_API_KEY) when AI_PROVIDER is anthropic');
    }
    if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_BASE_URL) {
      problems.push('AI_BASE_URL: must be set when AI_PROVIDER is openai-compatible');
    }
    if (e.AI_PROVIDER === 'openai-compatible' && !e.AI_MODEL) {
      problems.push('AI_MODEL: must be set when AI_PROVIDER is openai-compatible');
    }
    ai = {
      provider: e.AI_PROVIDER,
      model:
        e.AI_MODEL ?? (e.AI_PROVIDER === 'openai-compatible' ? '' : DEFAULT_MODELS[e.AI_PROVIDER]),
      baseUrl: e.AI_BASE_URL?.replace(/\/$/, ''),
      apiKey,
      timeoutMs: e.AI_TIMEOUT_MS,
      concurrency: e.AI_CONCURRENCY,
      maxRetries: e.AI_MAX_RETRIES,
    };
  }
  const s3Keys = pair(
    problems,
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    e.S3_ACCESS_KEY_ID,
    e.S3_SECRET_ACCESS_KEY,
  );
  const s3Set = Object.keys(env).some(
    (key) => key.startsWith('S3_') && key !== 'S3_BUCKET' && emptyToUndefined(env[key]),
  );
  if (s3Set && !e.S3_BUCKET) {
    problems.push('S3_BUCKET: must be set when other S3_* settings are present');
  }
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM].filter(Boolean);
  if (twilioSet.length > 0 && twilioSet.length < 3) {
    problems.push(
      'TWILIO_ACCOUNT_SID: must be set together with TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  if (e.TWILIO_FROM && !/^\+[1-9]\d{6,14}$/u.test(e.TWILIO_FROM)) {
    problems.push('TWILIO_FROM: must be a phone number in E.164 form, like +15551234567');
  }
  if (e.TEST_CLOCK && e.NODE_ENV !== 'test') {
    problems.push('TEST_CLOCK: only allowed with NODE_ENV=test');
  }
  if (e.TEST_STATEMENT_COUNT && e.NODE_ENV !== 'test') {
    problems.push('TEST_STATEMENT_COUNT: only allowed with NODE_ENV=test');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    testClock: e.TEST_CLOCK,
    testStatementCount: e.TEST_STATEMENT_COUNT,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.join(dataDir, 'mnemo.db') },
    authSecret: e.AUTH_SECRET,
    trustedOrigins: e.TRUSTED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      max: e.RATE_LIMIT_MAX,
      signInMax: e.RATE_LIMIT_SIGN_IN_MAX,
    },
    google: google && {
      ...google,
      issuerUrl: (e.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com').replace(/\/$/, ''),
    },
    github: github && {
      ...github,
      url: (e.GITHUB_URL ?? 'https://github.com').replace(/\/$/, ''),
      apiUrl: (e.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''),
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ai,
    ankiImportMaxBytes: e.ANKI_IMPORT_MAX_MB * 1024 * 1024,
    ankiImportRowLimits: {
      maxCards: e.ANKI_IMPORT_MAX_CARDS,
      maxReviews: e.ANKI_IMPORT_MAX_REVIEWS,
    },
    jwt: { expiresSeconds: e.JWT_EXPIRES_SECONDS, keyRotationDays: e.JWT_KEY_ROTATION_DAYS },
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
          ? {
              accountSid: e.TWILIO_ACCOUNT_SID,
              authToken: e.TWILIO_AUTH_TOKEN,
              from: e.TWILIO_FROM,
              apiUrl: (e.TWILIO_API_URL ?? 'https://api.twilio.com').replace(/\/$/, ''),
            }
          : undefined,
      maxPerNumberPerHour: e.SMS_MAX_PER_NUMBER_PER_HOUR,
      maxPerAccountPerDay: e.SMS_MAX_PER_ACCOUNT_PER_DAY,
      maxPerHour: e.SMS_MAX_PER_HOUR,
      allowedCountryCodes: e.SMS_ALLOWED_COUNTRY_CODES ?? [],
      outboxDir: path.join(dataDir, 'outbox'),
    },
    ankiImportWorkers: e.ANKI_IMPORT_WORKERS ?? (e.GENERATION_WORKERS > 0 ? 1 : 0),
    generation: {
      workers: e.GENERATION_WORKERS,
      maxJobsPerUser: e.GENERATION_MAX_JOBS_PER_USER,
      leaseSeconds: e.GENERATION_LEASE_SECONDS,
      deadlineSeconds: e.GENERATION_DEADLINE_SECONDS,
      statusRecheckMs: e.GENERATION_STATUS_RECHECK_MS ?? (e.DATABASE_URL ? 5000 : 250),
    },
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
          region: e.S3_REGION ?? 'us-east-1',
          credentials: s3Keys && {
            accessKeyId: s3Keys.clientId,
            secretAccessKey: s3Keys.clientSecret,
          },
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(dataDir, 'files') },
  };
}
