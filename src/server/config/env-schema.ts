import { z } from 'zod';

/**
 * Every setting Mnemo reads from the environment. Each has an embedded default, so
 * `npm start` needs none; a setting that is present but invalid stops the start with
 * a message naming it (see `loadConfig`). The README's configuration table mirrors this.
 */
export const emptyToUndefined = (value: unknown) =>
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

export const envSchema = z.object({
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
  SIGN_UP_SIGNS_IN: bool(false),
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
  AI_USER_KEYS: bool(true),
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
  ANKI_IMPORT_MEMORY_MB: int(64, 65_536, 1024),
  USER_STORAGE_QUOTA_MB: int(1, 16_777_216, 1024),
  USER_CARD_QUOTA: int(1, 100_000_000, 100_000),
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
  TEST_AI_PROVIDER_URL: url(['http:'], 'http://'),
});

export type Env = z.input<typeof envSchema>;

/** The settings after parsing: defaults filled in, numbers and booleans typed. */
export type ParsedEnv = z.output<typeof envSchema>;
