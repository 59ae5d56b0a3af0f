import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeptDeck } from './offline-deck';

/**
 * The keeper's loop over the decks (keep-decks.ts), with the network, IndexedDB and settings
 * replaced: what it keeps and forgets, and that it never replaces a copy while answers given
 * on the device wait to be sent.
 */
const MB = 1024 * 1024;
const state = {
  waiting: [] as { id: string }[],
  decks: [] as { id: string; last_studied_at: string | null }[],
  kept: [] as KeptDeck[],
  sizes: {} as Record<string, number>,
  budgetMb: 1,
  saved: [] as string[],
  forgotten: [] as string[],
  fetched: [] as string[],
};

vi.mock('../study/answer-store', () => ({ all: async () => state.waiting }));
vi.mock('../../lib/time-zone', () => ({ timeZone: () => 'UTC' }));
vi.mock('../../lib/api-client', () => ({
  isApiError: () => false,
  api: { get: async () => ({ decks: state.decks }) },
}));
vi.mock('./keep-settings', () => ({
  keepSettings: () => ({ keepRecent: true, budgetMb: state.budgetMb, excluded: [] }),
  markSynced: () => undefined,
}));
vi.mock('./offline-store', () => ({
  keptDecks: async () => state.kept,
  fetchKept: async (_user: string, deckId: string, reason: string) => {
    state.fetched.push(deckId);
    return { deckId, reason, bytes: state.sizes[deckId] ?? 0 };
  },
  saveKept: async (kept: KeptDeck) => void state.saved.push(`${kept.deckId}:${kept.reason}`),
  forgetDeck: async (_user: string, deckId: string) => void state.forgotten.push(deckId),
  pruneMedia: async () => undefined,
}));

const { syncKeptDecks } = await import('./keep-decks');

const recently = new Date(Date.now() - 86_400_000).toISOString();
const kept = (deckId: string, reason: 'chosen' | 'recent') => ({ deckId, reason }) as KeptDeck;

beforeEach(() => {
  Object.assign(state, {
    waiting: [],
    decks: [],
    kept: [],
    sizes: {},
    budgetMb: 1,
    saved: [],
    forgotten: [],
    fetched: [],
  });
});

describe('bringing the kept decks up to date', () => {
  it('keeps the chosen decks, and the recent ones while they fit; forgets one that no longer does', async () => {
    state.decks = [
      { id: 'chosen', last_studied_at: null },
      { id: 'recent-small', last_studied_at: recently },
      { id: 'recent-big', last_studied_at: new Date(Date.now() - 2 * 86_400_000).toISOString() },
      { id: 'old', last_studied_at: '2020-01-01T00:00:00.000Z' },
    ];
    state.sizes = { chosen: 0.5 * MB, 'recent-small': 0.25 * MB, 'recent-big': 0.5 * MB };
    state.kept = [kept('chosen', 'chosen'), kept('recent-big', 'recent'), kept('gone', 'chosen')];
    await syncKeptDecks('user');
    expect(state.saved).toEqual(['chosen:chosen', 'recent-small:recent']);
    expect(state.forgotten.sort()).toEqual(['gone', 'recent-big']);
  });

  it('changes nothing while answers given on the device wait to be sent', async () => {
    state.decks = [{ id: 'recent', last_studied_at: recently }];
    state.kept = [kept('chosen', 'chosen')];
    state.waiting = [{ id: 'answer' }];
    await syncKeptDecks('user');
    expect([state.fetched, state.saved, state.forgotten]).toEqual([[], [], []]);
  });
});
