import path from 'node:path';
import { emptyToUndefined, envSchema } from './config/env-schema';
import { aiConfigOf, pair } from './config/parts';
import type { Config } from './config/types';

export type { Env } from './config/env-schema';
export type {
  AiConfig,
  Config,
  OAuthProviderConfig,
  SmsConfig,
  StorageConfig,
} from './config/types';

/**
 * The configuration: settings and their checks in config/env-schema.ts, the typed result in
 * config/types.ts, the parts resolved from several settings (the AI provider, pairs) in
 * config/parts.ts; here they are read once and put together.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
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
  const ai = aiConfigOf(e, problems);
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
  if (e.TEST_AI_PROVIDER_URL && e.NODE_ENV !== 'test') {
    problems.push('TEST_AI_PROVIDER_URL: only allowed with NODE_ENV=test');
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
    testAiProviderUrl: e.TEST_AI_PROVIDER_URL?.replace(/\/$/, ''),
    aiUserKeys: e.AI_USER_KEYS,
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
    signUpSignsIn: e.SIGN_UP_SIGNS_IN,
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
    quotas: { storageBytes: e.USER_STORAGE_QUOTA_MB * 1024 * 1024, cards: e.USER_CARD_QUOTA },
    ankiImportMemoryMb: e.ANKI_IMPORT_MEMORY_MB,
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
