import { useQuery } from '@tanstack/react-query';
import type {
  LearningSession,
  QueueCard,
  SessionPreview,
  StartedSession,
} from '../../../../core/study-schemas';
import type { StudyStatistics } from '../../../../core/scheduling';
import { api } from '../../../lib/api-client';
import { timeZone } from '../../../lib/time-zone';
import { sessionPreview } from '../../../../core/scheduling';
import { offlineDeck, orOffline } from '../../offline/offline-fallback';

export type { LearningSession, QueueCard, SessionPreview, StartedSession };

export { timeZone };

export function useSessionPreview(deckId: string) {
  return useQuery({
    queryKey: ['decks', deckId, 'preview'] as const,
    queryFn: ({ signal }) =>
      orOffline(
        () =>
          api.get<SessionPreview>(
            `/api/decks/${encodeURIComponent(deckId)}/study/preview?time_zone=${encodeURIComponent(timeZone())}`,
            signal,
          ),
        // Offline: the counts of the deck kept on the device.
        async () => {
          const deck = await offlineDeck(deckId);
          return deck && sessionPreview(deck.name, deck.new_count, deck.due_count - deck.new_count);
        },
      ),
    networkMode: 'offlineFirst',
    staleTime: 0,
  });
}

export const startSession = (deckId: string) =>
  api.post<StartedSession>(`/api/decks/${encodeURIComponent(deckId)}/study/sessions`, {
    session_type: 'mixed',
    time_zone: timeZone(),
  });

export const completeSession = (sessionId: string) =>
  api.post<LearningSession>(`/api/study/sessions/${encodeURIComponent(sessionId)}/complete`);

export const undoReview = (sessionId: string) =>
  api.post<{ undone: { id: string } | null; card: QueueCard | null; session: LearningSession }>(
    `/api/study/sessions/${encodeURIComponent(sessionId)}/undo`,
  );

export type { StudyStatistics };

export function useStatistics(deckId?: string) {
  return useQuery({
    queryKey: ['stats', deckId ?? 'all'] as const,
    queryFn: ({ signal }) =>
      api.get<StudyStatistics>(
        `/api/stats?time_zone=${encodeURIComponent(timeZone())}${deckId ? `&deck_id=${encodeURIComponent(deckId)}` : ''}`,
        signal,
      ),
  });
}
