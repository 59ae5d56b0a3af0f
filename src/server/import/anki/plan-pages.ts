/**
 * An import plan read in pages (issue 21): the import thread keeps the converted cards and the
 * revlog, and the job asks for them a page at a time while it writes, so the server's thread
 * never holds (nor deserialises in one go) a whole package's rows.
 */
import type { AnkiReview } from './collection';
import type { ConvertedCard, ImportPlan } from './convert';

/** Cards and revlog entries per page asked of the import thread. */
export const CARD_PAGE = 1000;
export const REVLOG_PAGE = 5000;

/** The plan without its rows: what the job needs before it writes. */
export type PlanHead = Omit<ImportPlan, 'cards' | 'revlog'> & {
  cardCount: number;
  revlogCount: number;
};

export interface PagedPlan extends PlanHead {
  cardPages(): AsyncGenerator<ConvertedCard[]>;
  revlogPages(): AsyncGenerator<AnkiReview[]>;
  /** Ends the thread holding the rows (when the job has written them, or given up). */
  close(): void;
}

export type PageKind = 'cards' | 'revlog';

export function headOf(plan: ImportPlan): PlanHead {
  const { cards, revlog, ...head } = plan;
  return { ...head, cardCount: cards.length, revlogCount: revlog.length };
}

/** Pages of rows from `fetch(from)`, until it answers an empty page. */
export async function* pagesOf<T>(fetch: (from: number) => Promise<T[]>): AsyncGenerator<T[]> {
  for (let from = 0; ;) {
    const page = await fetch(from);
    if (page.length === 0) return;
    yield page;
    from += page.length;
  }
}

/** One page of the plan's rows of that kind (empty past the end). */
export function pageOf(plan: ImportPlan, kind: PageKind, from: number): unknown[] {
  return kind === 'cards'
    ? plan.cards.slice(from, from + CARD_PAGE)
    : plan.revlog.slice(from, from + REVLOG_PAGE);
}

/** A plan already in memory, read in pages like the thread's. */
export function pagedPlan(plan: ImportPlan): PagedPlan {
  return {
    ...headOf(plan),
    cardPages: () => pagesOf(async (from) => pageOf(plan, 'cards', from) as ConvertedCard[]),
    revlogPages: () => pagesOf(async (from) => pageOf(plan, 'revlog', from) as AnkiReview[]),
    close: () => {},
  };
}

/** The whole plan again (tests compare it with `convertAnkiPackage`'s). */
export async function collectPlan(paged: PagedPlan): Promise<ImportPlan> {
  const { cardCount, revlogCount, cardPages, revlogPages, close, ...head } = paged;
  void cardCount;
  void revlogCount;
  void close;
  const cards: ConvertedCard[] = [];
  for await (const page of cardPages()) cards.push(...page);
  const revlog: AnkiReview[] = [];
  for await (const page of revlogPages()) revlog.push(...page);
  return { ...head, cards, revlog };
}
