import type { StartedSession } from '../../../src/core/study-schemas';
import { PASSWORD } from '../fixtures';
import { HttpClient } from '../http-client';

/** Text the built-in generator turns into cards. */
export const ARTICLE = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts of plant cells, which contain the green pigment chlorophyll.',
  'During the light-dependent reactions, water molecules are split and oxygen is released as a by-product. The energy captured is stored in ATP and NADPH.',
  'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into glucose. The enzyme RuBisCO, probably the most abundant protein on Earth, catalyses the first step of carbon fixation.',
].join('\n\n');

const RESPONSES = ['again', 'hard', 'good', 'easy'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts of what the load did, shared by every learner. */
export interface LoadStats {
  /** Every answer id sent, and whether it was acknowledged (2xx). */
  answers: Map<string, boolean>;
  answerMs: number[];
  /** Answers resent after a 502 or a broken connection. */
  resends: number;
  /** Responses that were neither 2xx nor a proxy's 502: each is a failure of the run. */
  errors: string[];
}

export function newStats(): LoadStats {
  return { answers: new Map(), answerMs: [], resends: 0, errors: [] };
}

/**
 * Sends a request until it gets an answer from an app: a 502 (the app process died with the
 * request in flight) or a failed connection is retried after a pause, as a browser's queue
 * would. Anything else is returned.
 */
export async function send(
  stats: LoadStats,
  attempt: () => Promise<Response>,
  onRetry?: () => void,
): Promise<Response> {
  for (let tries = 0; ; tries++) {
    try {
      const response = await attempt();
      if (response.status !== 502) return response;
      await response.body?.cancel();
    } catch (error) {
      if (tries > 50) throw error;
    }
    if (tries > 50) throw new Error('gave up after 50 retries');
    onRetry?.();
    await sleep(100 + Math.random() * 200);
  }
}

async function expectStatus(stats: LoadStats, what: string, response: Response, status: number) {
  const text = await response.text();
  if (response.status !== status) {
    stats.errors.push(`${what}: ${response.status} ${text.slice(0, 200)}`);
    throw new Error(`${what}: ${response.status}`);
  }
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export interface Learner {
  index: number;
  client: HttpClient;
  deckId: string;
  sessionId: string;
  cardIds: string[];
}

/** Signs a learner up through the proxy, makes a deck of `cards` cards and starts a session. */
export async function setUpLearner(
  baseUrl: string,
  index: number,
  cards: number,
  stats: LoadStats,
  tag: string,
): Promise<Learner> {
  const client = new HttpClient(baseUrl);
  const email = `${tag}-${index}@example.com`;
  const signedUp = await send(stats, () =>
    client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: `L${index}` }),
  );
  // A sign-up does not sign in (SIGN_UP_SIGNS_IN defaults to false), and when its answer was
  // lost the account exists all the same: sign in.
  await signedUp.body?.cancel();
  const signedIn = await send(stats, () =>
    client.post('/api/auth/sign-in/email', { email, password: PASSWORD }),
  );
  await expectStatus(stats, 'sign-in', signedIn, 200);
  const deck = (await expectStatus(
    stats,
    'create deck',
    await send(stats, () => client.post('/api/decks', { name: `Deck ${index}` })),
    201,
  )) as { id: string };
  await expectStatus(
    stats,
    'create cards',
    await send(stats, () =>
      client.post('/api/flashcards/bulk', {
        cards: Array.from({ length: cards }, (_, card) => ({
          deck_id: deck.id,
          front_content: `Question ${card} of learner ${index}`,
          back_content: `Answer ${card}`,
        })),
      }),
    ),
    201,
  );
  const started = (await expectStatus(
    stats,
    'start session',
    await send(stats, () =>
      client.post(`/api/decks/${deck.id}/study/sessions`, {
        time_zone: 'UTC',
        max_new_cards: cards,
      }),
    ),
    201,
  )) as StartedSession;
  return {
    index,
    client,
    deckId: deck.id,
    sessionId: started.session.id,
    cardIds: started.queue.map((card) => card.id),
  };
}

/** One answer with a client-made id, resent with the same id until an app acknowledges it. */
export async function answer(learner: Learner, number: number, stats: LoadStats, tag: string) {
  const id = `${tag}-${learner.index}-${number}`;
  stats.answers.set(id, false);
  const body = {
    id,
    card_id: learner.cardIds[number % learner.cardIds.length],
    response: RESPONSES[(learner.index + number) % 4],
    response_time_seconds: 3,
  };
  const started = performance.now();
  const response = await send(
    stats,
    () => learner.client.post(`/api/study/sessions/${learner.sessionId}/reviews`, body),
    () => stats.resends++,
  );
  stats.answerMs.push(performance.now() - started);
  await expectStatus(stats, `answer ${id}`, response, 200);
  stats.answers.set(id, true);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}
