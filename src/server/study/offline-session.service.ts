import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { OFFLINE_MESSAGES, type offlineSessionSchema } from '../../core/offline-schemas';
import type { LearningSession } from '../../core/study-schemas';
import { now as clockNow } from '../clock';
import type { Database } from '../db/database';
import { nowIso, toIso } from '../db/time';
import { getDeck } from '../decks/decks.service';
import { conflict } from '../http/errors';
import { findSession, insertSession, updateSession } from './study.repository';
import { toSession } from './study.service';

const time = (iso: string) => new Date(iso).getTime();

/**
 * A session studied on the device offline becomes a server session (issue 24): the first call
 * makes it with the device's id and start (never later than now), a call with `completed_at`
 * completes it with the duration the learner spent; a repeated call changes nothing. Its
 * answers then go through the usual answer route, with their `answered_at`.
 */
export async function recordOfflineSession(
  db: Kysely<Database>,
  userId: string,
  deckId: string,
  input: z.output<typeof offlineSessionSchema>,
): Promise<LearningSession> {
  const now = clockNow();
  await getDeck(db, userId, deckId, input.time_zone, now);
  const startedAt = Math.min(time(input.started_at), now.getTime());
  let session = await findSession(db, userId, input.id);
  if (!session) {
    try {
      await insertSession(db, {
        id: input.id,
        user_id: userId,
        deck_id: deckId,
        session_type: input.session_type,
        time_zone: input.time_zone,
        started_at: nowIso(new Date(startedAt)),
        // Active now: another start must not take it for abandoned before its answers arrive.
        last_activity_at: nowIso(now),
        completed_at: null,
        duration_seconds: null,
        is_completed: 0,
        auto_completed: 0,
        cards_studied: 0,
        again_count: 0,
        hard_count: 0,
        good_count: 0,
        easy_count: 0,
      });
    } catch {
      // The id is another user's session (or was taken meanwhile): checked below.
    }
    session = await findSession(db, userId, input.id);
    if (!session) throw conflict(OFFLINE_MESSAGES.sessionIdUsed);
  }
  if (session.deck_id !== deckId) throw conflict(OFFLINE_MESSAGES.sessionIdUsed);
  if (input.completed_at && !Number(session.is_completed)) {
    const started = time(toIso(session.started_at));
    const completed = Math.min(now.getTime(), Math.max(started, time(input.completed_at)));
    await updateSession(db, userId, input.id, {
      is_completed: 1,
      completed_at: nowIso(new Date(completed)),
      duration_seconds: Math.round((completed - started) / 1000),
    });
    session = (await findSession(db, userId, input.id)) ?? session;
  }
  return toSession(session);
}
