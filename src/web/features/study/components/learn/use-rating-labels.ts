import { useEffect, useMemo, useState } from 'react';
import {
  previewIntervals,
  type SchedulerSettings,
  schedulerSettingsOf,
  schedulingCardFrom,
  studyDayBounds,
} from '../../../../../core/scheduling';
import type { Deck } from '../../../../../core/deck-schemas';
import type { QueueCard } from '../../api/study';

/** The deck's scheduler settings, for labels and requeues computed in the browser. */
export function useSchedulerSettings(deck: Deck): SchedulerSettings {
  return useMemo(() => schedulerSettingsOf(deck), [deck]);
}

/**
 * The four buttons' waits for the shown card ('1 min', '10 min', '1 day', '4 days'), computed
 * by the server's own scheduler in the session's zone, and computed again the moment the study
 * day changes while the card is shown (so a button always gives the interval it shows).
 */
export function useRatingLabels(
  card: QueueCard | undefined,
  settings: SchedulerSettings,
  timeZone: string,
): string[] {
  const [day, setDay] = useState(0);
  useEffect(() => {
    const end = studyDayBounds(new Date(), timeZone).end.getTime();
    const timer = setTimeout(
      () => setDay((value) => value + 1),
      Math.max(1000, end - Date.now() + 50),
    );
    return () => clearTimeout(timer);
  }, [timeZone, day]);
  return useMemo(() => {
    void day; // a new study day: the same card, new labels
    if (!card) return [];
    try {
      return previewIntervals(schedulingCardFrom(card), settings, new Date(), timeZone).map(
        (item) => item.label,
      );
    } catch {
      return [];
    }
  }, [card, settings, timeZone, day]);
}
