/**
 * Generation benchmarks (part of `npm run bench`): the built-in generator on a 100,000-character
 * document, end-to-end job latency through the real server, and a stub LLM answering after
 * 500 ms, chunked and parallel against serial.
 */
import { generateBuiltinCards } from '../src/core/cards-from-text';
import { wordFrequency } from '../src/server/generation/word-frequency';
import { readdirSync, readFileSync } from 'node:fs';
import { chunkContent, cleanContent } from '../src/core/content';
import { seededRandom } from '../src/core/scheduling';
import { LLM_CHUNK_CHARACTERS } from '../src/server/generation/create-generator';
import { createLlmGenerator } from '../src/server/generation/llm-generator';
import { type FakeReply, promptOf, startFakeLlm } from '../test/support/fake-llm';
import { createDeck, finishedJob, json } from '../test/support/fixtures';
import type { HttpClient } from '../test/support/http-client';

const SYLLABLES = ['ka', 'lo', 'mer', 'tan', 'vi', 'sor', 'del', 'ru', 'pha', 'gen', 'tor', 'lin'];
const KINDS = ['river', 'mountain range', 'city', 'kingdom', 'university', 'observatory'];
const FIELDS = ['chemistry', 'astronomy', 'botany', 'geology', 'medicine', 'linguistics'];
const PROCESSES = ['erosion', 'fermentation', 'oxidation', 'migration', 'sedimentation'];

/**
 * An encyclopedic document of about `characters` characters: definitions, foundations with
 * dates and founders, measurements with numbers, named people; every sentence different.
 */
export function syntheticDocument(characters: number, seed = 7): string {
  const next = seededRandom(`synthetic-${seed}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
  const name = () => {
    const word = Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SYLLABLES)).join('');
    return word[0]?.toUpperCase() + word.slice(1);
  };
  const paragraphs: string[] = [];
  let length = 0;
  while (length < characters) {
    const place = name();
    const person = `${name()} ${name()}`;
    const sentences = [
      `${place} is a ${pick(KINDS)} in the northern province of ${name()}.`,
      `It was founded in ${1200 + Math.floor(next() * 800)} by ${person}, a scholar of ${pick(FIELDS)}.`,
      `The ${pick(KINDS)} covers about ${100 + Math.floor(next() * 9000)} square kilometres and has ${2 + Math.floor(next() * 40)} districts.`,
      `${name()}ism is the study of ${pick(PROCESSES)} in the soils around ${place}.`,
      `${person} described the ${pick(PROCESSES)} of the ${name()} valley in a treatise of ${1500 + Math.floor(next() * 500)}.`,
    ];
    const paragraph = sentences.join(' ');
    paragraphs.push(paragraph);
    length += paragraph.length + 2;
  }
  return paragraphs.join('\n\n').slice(0, characters);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** 100,000 characters of the real texts of e2e/fixtures/texts (see SOURCES.md there). */
function realDocument(characters: number): string {
  const dir = new URL('../e2e/fixtures/texts/', import.meta.url);
  const texts = readdirSync(dir)
    .filter((name) => /\.(?:txt|md)$/.test(name) && name !== 'SOURCES.md')
    .sort()
    .map((name) => readFileSync(new URL(name, dir), 'utf8'));
  let content = '';
  while (content.length < characters) content += `${texts.join('\n\n')}\n\n`;
  return content.slice(0, characters);
}

async function builtinOnLargeDocument() {
  const loading = performance.now();
  const frequency = wordFrequency();
  const loadMs = performance.now() - loading;
  const content = cleanContent(realDocument(100_000));
  const rows: string[] = [];
  for (const strategy of ['key_concepts', 'standard', 'detailed'] as const) {
    const times: number[] = [];
    let cards = 0;
    for (let run = 0; run < 3; run++) {
      const started = performance.now();
      cards = generateBuiltinCards({ content, strategy, cardTypes: ['qa', 'cloze'] }, frequency)
        .cards.length;
      times.push(performance.now() - started);
    }
    rows.push(
      `| ${strategy} | ${content.length.toLocaleString('en-US')} | ${median(times).toFixed(0)} | ${cards} |`,
    );
  }
  return [
    `Real texts (e2e/fixtures/texts), word list loaded once per text thread in ${loadMs.toFixed(0)} ms.`,
    '',
    '| Built-in generator, strategy | characters | median ms (3 runs) | cards |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

async function jobLatency(user: HttpClient) {
  const deck = await createDeck(user, 'Latency');
  const samples: number[] = [];
  for (let run = 0; run < 15; run++) {
    // A fresh ~3,000-character text each time, so no card is a duplicate of an earlier one.
    const content = syntheticDocument(3000, 100 + run);
    const started = performance.now();
    const job = await json<{ id: string }>(
      await user.post('/api/generation/text', {
        deckId: deck.id,
        content,
        generationStrategy: 'standard',
      }),
      201,
    );
    await finishedJob(user, job.id);
    const cards = await json<{ flashcards: unknown[] }>(
      await user.get(`/api/flashcards?source_job_id=${job.id}`),
      200,
    );
    if (cards.flashcards.length === 0) throw new Error('a latency job made no cards');
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: median(samples), p99: samples.at(-1) ?? NaN, runs: samples.length };
}

/** /healthz answered while a 500,000-character job is generating in the same process. */
async function healthDuringLargeJob(user: HttpClient, baseUrl: string) {
  const deck = await createDeck(user, 'Large document');
  const started = performance.now();
  const job = await json<{ id: string }>(
    await user.post('/api/generation/text', {
      deckId: deck.id,
      content: syntheticDocument(500_000, 99),
      generationStrategy: 'detailed',
    }),
    201,
  );
  const done = finishedJob(user, job.id, 300_000).then(() => performance.now() - started);
  let finished = false;
  void done.then(() => (finished = true));
  const samples: number[] = [];
  while (!finished) {
    const at = performance.now();
    await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
    samples.push(performance.now() - at);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  samples.sort((a, b) => a - b);
  return {
    jobMs: await done,
    p50: median(samples),
    max: samples.at(-1) ?? NaN,
    runs: samples.length,
  };
}

async function stubLlm() {
  const fake = await startFakeLlm(async (request): Promise<FakeReply> => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sentence = promptOf(request).match(/[A-Z][^.]{20,}\./)?.[0] ?? 'x';
    return {
      cards: [
        {
          type: 'qa',
          front: 'Which sentence opens this part?',
          back: sentence.split(' ')[0] ?? '',
          sourceQuote: sentence,
        },
      ],
    };
  });
  const content = syntheticDocument(100_000);
  const chunks = chunkContent(content, LLM_CHUNK_CHARACTERS).length;
  const runWith = async (concurrency: number) => {
    const generate = createLlmGenerator(
      {
        provider: 'openai-compatible',
        model: 'stub',
        baseUrl: fake.baseUrl,
        apiKey: undefined,
        timeoutMs: 120_000,
        concurrency,
        maxRetries: 0,
      },
      (text) => chunkContent(text, LLM_CHUNK_CHARACTERS),
    );
    const started = performance.now();
    await generate({
      content,
      strategy: 'standard',
      cardTypes: ['qa'],
      range: { min: 5, max: 15 },
    });
    return performance.now() - started;
  };
  try {
    const serial = await runWith(1);
    const parallel = await Promise.all([2, 4, 8].map(async (n) => [n, await runWith(n)] as const));
    return { chunks, serial, parallel };
  } finally {
    await fake.stop();
  }
}

/** The generation section of docs/PERFORMANCE.md. */
export async function generationBench(user: HttpClient, baseUrl: string): Promise<string> {
  // A kept-alive socket may have been closed by the server while earlier parts computed: the
  // first request after a pause can fail once, so a harmless GET goes first.
  await user.get('/api/decks').catch(() => undefined);
  const latency = await jobLatency(user);
  const health = await healthDuringLargeJob(user, baseUrl);
  const builtin = await builtinOnLargeDocument();
  const llm = await stubLlm();
  const parallelRows = llm.parallel
    .map(
      ([n, ms]) =>
        `| ${n} at a time | ${(ms / 1000).toFixed(2)} | ${(llm.serial / ms).toFixed(1)}× |`,
    )
    .join('\n');
  const text = `${builtin}

End-to-end job latency with the built-in generator (a ~3,000-character text: POST
/api/generation/text → the long-poll status says completed → the cards are listed), ${latency.runs}
runs: p50 ${latency.p50.toFixed(0)} ms, max ${latency.p99.toFixed(0)} ms.

While a 500,000-character job (the largest accepted) generates for
${(health.jobMs / 1000).toFixed(1)} s in the same process, \`GET /healthz\` answers in p50
${health.p50.toFixed(1)} ms, max ${health.max.toFixed(1)} ms (${health.runs} calls): the built-in
generator runs in a worker thread, not on the event loop.

A 100,000-character document through a stub OpenAI-compatible model that answers each request
after 500 ms: ${llm.chunks} chunks of at most ${LLM_CHUNK_CHARACTERS.toLocaleString('en-US')} characters.

| Chunks sent | seconds | speed-up vs serial |
|---|---:|---:|
| 1 at a time (serial) | ${(llm.serial / 1000).toFixed(2)} | 1.0× |
${parallelRows}

AI_CONCURRENCY (default 2) sets how many chunks of one job are in flight; the ideal speed-up is
min(concurrency, chunks), less the cost of the AI SDK and the HTTP round trips.`;
  console.log(text);
  return text;
}
