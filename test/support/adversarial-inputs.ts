/**
 * Inputs that froze the server before issue 9 (each took minutes of one thread): the API tests
 * and the bench send them through the generation API.
 */
export const ADVERSARIAL_INPUTS: Record<string, () => string> = {
  '300,000 × A': () => 'A'.repeat(300_000),
  '40,000 words without punctuation': () =>
    Array.from({ length: 40_000 }, (_, at) => ['alpha', 'beta', 'gamma', 'delta'][at % 4]).join(
      ' ',
    ),
  'a long line of "see our" repeated': () => 'see our '.repeat(60_000),
  'nested brackets (((…': () => '('.repeat(300_000),
  'nested brackets [[[…': () => '['.repeat(300_000),
  'letters between blank lines': () => 'a\n \n'.repeat(100_000),
};

/** A .txt of 10 MiB of one letter (the upload reads its first 1,000,000 characters). */
export const oneLetterFile = () => new Uint8Array(10 * 1024 * 1024).fill(0x61);
