import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashcardPage } from '../../core/flashcard-schemas';
import type { GenerationJob } from '../../core/generation-requests';
import {
  type ChatRequest,
  type FakeReply,
  fakeLlmEnv,
  promptOf,
  startFakeLlm,
} from '../../../test/support/fake-llm';
import { createDeck, finishedJob, json, newUser } from '../../../test/support/fixtures';
import type { HttpClient } from '../../../test/support/http-client';
import { startTestServer, type TestServer } from '../../../test/support/test-server';

/** A plain-text file as saved from an e-mail or a PDF: hard-wrapped at 72 columns. */
const NOTES = `Plate tectonics

Plate tectonics is the theory that the outer shell of the Earth, the
lithosphere, is broken into large plates that move slowly over the
softer asthenosphere beneath them. Where two plates pull apart, magma
rises and new crust forms along a mid-ocean ridge; where they collide,
the denser plate sinks back into the mantle in a process called sub-
duction. Alfred Wegener proposed in 1912 that the continents had once
formed a single landmass, which he named Pangaea, but geologists only
accepted the idea in the 1960s, when maps of the sea floor showed
matching stripes of magnetised rock on both sides of the ridges.
`;

const NOTES_CARDS = [
  {
    type: 'qa',
    front: 'What is the lithosphere broken into, according to plate tectonics?',
    back: 'Large plates that move slowly',
    sourceQuote:
      'the outer shell of the Earth, the lithosphere, is broken into large plates that move slowly over the softer asthenosphere',
  },
  {
    type: 'cloze',
    front:
      'Where two plates collide, the denser plate sinks back into the mantle in a process called {{c1::subduction}}.',
    back: '',
    sourceQuote:
      'where they collide, the denser plate sinks back into the mantle in a process called subduction.',
  },
  {
    type: 'qa',
    front: 'What did Alfred Wegener name the single landmass the continents once formed?',
    back: 'Pangaea',
    sourceQuote:
      'Alfred Wegener proposed in 1912 that the continents had once formed a single landmass',
  },
  {
    type: 'qa',
    front: 'When did geologists accept that the continents had once formed one landmass?',
    back: 'In the 1960s',
    sourceQuote:
      'GEOLOGISTS ONLY ACCEPTED THE IDEA IN THE 1960S — WHEN MAPS OF THE SEA FLOOR SHOWED MATCHING STRIPES',
  },
];

/** Three sections too long to share a chunk; every one states the same fact about basalt. */
const SECTIONS = ['North', 'South', 'West'].map((side, section) => {
  const sentences = Array.from(
    { length: 110 },
    (_, at) =>
      `The river Aru${section}x${at} flows into lake Belo${section}x${at} after ${at + 5} kilometres.`,
  );
  return `Rivers of the ${side}\n\nBasalt is a dark volcanic rock found in every region.\n\n${sentences.join(' ')}`;
});

const RIVER = /The river (\S+) flows into lake (\S+) after/g;

/** Per chunk: the basalt card (the same in every chunk), then one card per river. */
function riverCards(request: ChatRequest): FakeReply {
  const basalt = {
    type: 'qa',
    front: 'What kind of rock is basalt?',
    back: 'A dark volcanic rock',
    sourceQuote: 'Basalt is a dark volcanic rock found in every region.',
  };
  const rivers = [...promptOf(request).matchAll(RIVER)]
    .slice(0, 6)
    .map(([sentence, river, lake]) => ({
      type: 'qa',
      front: `Into which lake does the river ${river} flow?`,
      back: `Lake ${lake}`,
      sourceQuote: sentence ?? '',
    }));
  return { cards: [basalt, ...rivers] };
}

describe('the LLM path: grounding, chunks and the reasons a job fails', () => {
  let reply: (request: ChatRequest) => FakeReply = () => ({ cards: [] });
  let fake: Awaited<ReturnType<typeof startFakeLlm>>;
  let server: TestServer;
  let user: HttpClient;
  let deckId: string;
  beforeAll(async () => {
    fake = await startFakeLlm((request) => reply(request));
    server = await startTestServer({ env: { ...fakeLlmEnv(fake.baseUrl), AI_MAX_RETRIES: '0' } });
    user = await newUser(server.url);
    deckId = (await createDeck(user, 'Geology')).id;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.stop();
  });

  const cardsOf = async (jobId: string) =>
    (
      await json<FlashcardPage>(
        await user.get(`/api/flashcards?source_job_id=${jobId}&limit=100`),
        200,
      )
    ).flashcards;

  it('keeps every card whose quote crosses the line breaks of a hard-wrapped .txt', async () => {
    reply = () => ({ cards: NOTES_CARDS });
    const body = new FormData();
    body.set('deckId', deckId);
    body.set('file', new File([NOTES], 'notes.txt', { type: 'text/plain' }));
    const response = await user.request('/api/generation/file', { method: 'POST', body });
    const job = await json<GenerationJob>(response, 201);
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    const cards = await cardsOf(job.id);
    expect(cards).toHaveLength(NOTES_CARDS.length);
    const flat = (text: string | null | undefined) => text?.replace(/\s+/g, ' ');
    const quotes = Object.fromEntries(
      cards.map((card) => [card.back_content, flat(card.source_quote)]),
    );
    // Each card keeps the whole sentence(s) of the file its quote is in, as written there.
    expect(quotes['Large plates that move slowly']).toMatch(
      /^Plate tectonics is the theory .* beneath them\.$/,
    );
    expect(
      quotes[
        'Where two plates collide, the denser plate sinks back into the mantle in a process called subduction.'
      ],
    ).toMatch(/^Where two plates pull apart, .* called sub- duction\.$/);
    expect(quotes.Pangaea).toMatch(/^Alfred Wegener proposed in 1912 .* ridges\.$/);
    expect(quotes['In the 1960s']).toBe(quotes.Pangaea);
  }, 90_000);

  it('sends chunks along the sections; de-duplicates across them and keeps the count for the job', async () => {
    reply = riverCards;
    const before = fake.requests.length;
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', {
        deckId,
        content: SECTIONS.join('\n\n'),
        generationStrategy: 'key_concepts',
      }),
      201,
    );
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({ status: 'completed' });
    const prompts = fake.requests.slice(before).map(promptOf);
    expect(prompts).toHaveLength(3);
    for (const side of ['North', 'South', 'West']) {
      expect(
        prompts.filter((prompt) => prompt.includes(`---\n\nRivers of the ${side}\n\n`)),
      ).toHaveLength(1);
    }
    const system = fake.requests[before]?.messages.find((message) => message.role === 'system');
    expect(String(system?.content)).toContain('Key Concepts: the central terms of the whole text');
    expect(String(system?.content)).toContain('Self-contained');
    const cards = await cardsOf(job.id);
    // Key Concepts asks for 3 to 8 cards for the whole job (21 were written, 3 of them alike).
    expect(cards).toHaveLength(8);
    expect(cards.filter((card) => card.front_content.includes('basalt'))).toHaveLength(1);
    // Every section is covered, not the first chunk's cards first.
    for (const section of [0, 1, 2]) {
      expect(cards.some((card) => card.front_content.includes(`Aru${section}x`))).toBe(true);
    }
  }, 90_000);

  it('fails a job whose cards all fail the checks, saying how many and why', async () => {
    reply = () => ({
      cards: [
        {
          type: 'qa',
          front: 'Who painted the Mona Lisa?',
          back: 'Leonardo',
          sourceQuote: 'Leonardo painted it',
        },
        {
          type: 'qa',
          front: 'Who wrote Hamlet?',
          back: 'Shakespeare',
          sourceQuote: 'Shakespeare wrote Hamlet',
        },
        {
          type: 'qa',
          front: 'What is Pangaea?',
          back: 'Pangaea',
          sourceQuote: 'which he named Pangaea',
        },
      ],
    });
    const job = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId, content: NOTES }),
      201,
    );
    expect(await finishedJob(user, job.id, 60_000)).toMatchObject({
      status: 'failed',
      error_message:
        'No cards could be made from this content: none of the 3 generated cards passed the checks (most often: not found in the text)',
    });
    reply = () => ({ cards: [] });
    const empty = await json<GenerationJob>(
      await user.post('/api/generation/text', { deckId, content: NOTES }),
      201,
    );
    expect(await finishedJob(user, empty.id, 60_000)).toMatchObject({
      status: 'failed',
      error_message: 'Generation failed: The model returned no cards for this content',
    });
  }, 90_000);
});
