/**
 * The recording of issue 22 (a strong model's answers to Mnemo's prompts on three real texts),
 * read in place from `../shared/data/` beside the checkout (as in CI); never copied into the
 * project. See ../shared/data/llm-replay/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';

const ROOT = new URL('../../../shared/data/', import.meta.url);
const REPLAY = new URL('llm-replay/', ROOT);

/** The texts, by the name the recording's files start with. */
export const REPLAY_TEXTS = {
  smith: 'smith.txt',
  openstax: 'openstax-light-reactions.md',
  press: 'printing-press.txt',
} as const;
export type ReplayText = keyof typeof REPLAY_TEXTS;

export interface RecordedCard {
  index: number;
  chunk: number;
  type: 'qa' | 'cloze';
  front: string;
  back: string;
  quote: string;
  outcome: string;
  grade: string;
  note: string;
}

export interface RecordedJob {
  /** e.g. 'smith-std' */
  name: string;
  text: ReplayText;
  strategy: 'standard' | 'detailed';
  cardTypes: ('qa' | 'cloze')[];
  content: string;
  range: { min: number; max: number };
  cards: RecordedCard[];
}

export const readReplayText = (text: ReplayText) =>
  readFileSync(new URL(`llm-texts/${REPLAY_TEXTS[text]}`, ROOT), 'utf8');

/** The six recorded jobs (Standard with both card types, Detailed with Q&A only). */
export function recordedJobs(): RecordedJob[] {
  return readdirSync(new URL('outcomes/', REPLAY))
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = file.replace(/\.json$/, '');
      const [text, kind] = name.split('-') as [ReplayText, 'std' | 'det'];
      const data = JSON.parse(readFileSync(new URL(`outcomes/${file}`, REPLAY), 'utf8')) as {
        range: { min: number; max: number };
        cards: RecordedCard[];
      };
      return {
        name,
        text,
        strategy: kind === 'std' ? ('standard' as const) : ('detailed' as const),
        cardTypes: kind === 'std' ? (['qa', 'cloze'] as const).slice() : ['qa' as const],
        content: readReplayText(text),
        range: data.range,
        cards: data.cards,
      };
    });
}

/** The recorded card of a job by its index (throws when missing). */
export function recordedCard(jobs: RecordedJob[], name: string, index: number) {
  const job = jobs.find((one) => one.name === name);
  const card = job?.cards.find((one) => one.index === index);
  if (!job || !card) throw new Error(`no recorded card ${name} #${index}`);
  return { job, card };
}

/** The only right drop of the recording: the either/or question that gives its answer away. */
export const RIGHT_DROPS = [{ job: 'openstax-det', index: 9 }];

/** The model's recorded answers for one job (all its chunks' cards, in chunk order). */
export function recordedAnswers(job: string) {
  const cards: { type: string; front: string; back: string; sourceQuote: string }[] = [];
  for (let chunk = 1; chunk <= 3; chunk++) {
    const file = new URL(`answers/${job}-${chunk}.json`, REPLAY);
    const answer = JSON.parse(readFileSync(file, 'utf8')) as { cards: typeof cards };
    cards.push(...answer.cards);
  }
  return cards;
}
