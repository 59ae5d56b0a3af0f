/**
 * The recorded model of issue 22 behind the local fake server: each request is answered with
 * the recorded cards of its job (text told by its words, strategy by the system message)
 * whose quotes are in the part it was sent — so the recording replays whatever the chunking
 * and the prompt's wording, and a card of material removed before chunking is not written.
 */
import { indexContent, matchQuote } from '../../src/core/cards-from-text/grounding';
import { type ChatRequest, type FakeReply, promptOf } from './fake-llm';
import { recordedAnswers, type RecordedJob } from './llm-replay';

const TEXT_OF = (prompt: string) =>
  /Gutenberg|printing/i.test(prompt)
    ? 'press'
    : /labour|workmen|pins?\b/i.test(prompt)
      ? 'smith'
      : 'openstax';

export function replayReply(jobs: RecordedJob[]) {
  const answers = new Map(jobs.map((job) => [job.name, recordedAnswers(job.name)]));
  return (request: ChatRequest): FakeReply => {
    const system = request.messages.find((message) => message.role === 'system');
    const detailed = String(system?.content ?? '').includes('Detailed:');
    const prompt = promptOf(request);
    const chunk = prompt.includes('\n---\n\n')
      ? prompt.split('\n---\n\n').slice(1).join('')
      : prompt;
    const name = `${TEXT_OF(chunk)}-${detailed ? 'det' : 'std'}`;
    const index = indexContent(chunk);
    const cards = (answers.get(name) ?? []).filter((card) => matchQuote(card.sourceQuote, index));
    return { cards };
  };
}

/** What the real pipeline did with one recorded job. */
export interface ReplayResult {
  job: RecordedJob;
  status: string;
  warnings: string[];
  error: string | null;
  sent: number;
  /** The fronts of the cards the model was made to send. */
  sentFronts: string[];
  cards: { front_content: string; back_content: string | null; source_quote: string | null }[];
}

/**
 * Every recorded job sent through a running Mnemo server (pointed at a fake model answering
 * with {@link replayReply}) as a text job of its strategy and card types, with its result.
 */
export async function replayJobs(
  jobs: RecordedJob[],
  user: import('./http-client').HttpClient,
  fake: { requests: ChatRequest[] },
): Promise<ReplayResult[]> {
  const { createDeck, finishedJob, json } = await import('./fixtures');
  const results: ReplayResult[] = [];
  for (const job of jobs) {
    const deck = await createDeck(user, job.name);
    const before = fake.requests.length;
    const started = await json<{ id: string }>(
      await user.post('/api/generation/text', {
        deckId: deck.id,
        content: job.content,
        generationStrategy: job.strategy,
        requestedCardTypes: job.cardTypes,
      }),
      201,
    );
    await finishedJob(user, started.id, 120_000);
    const done = await json<{ status: string; warnings: string[]; error_message: string | null }>(
      await user.get(`/api/generation/jobs/${started.id}`),
      200,
    );
    const reply = replayReply([job]);
    const sentFronts = fake.requests
      .slice(before)
      .flatMap((request) => (reply(request) as { cards: { front: string }[] }).cards)
      .map((card) => card.front);
    const page = await json<{ flashcards: ReplayResult['cards'] }>(
      await user.get(`/api/flashcards?source_job_id=${started.id}&limit=100`),
      200,
    );
    results.push({
      job,
      status: done.status,
      warnings: done.warnings,
      error: done.error_message,
      sent: sentFronts.length,
      sentFronts,
      cards: page.flashcards,
    });
  }
  return results;
}
