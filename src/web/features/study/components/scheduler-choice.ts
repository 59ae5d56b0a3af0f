import type { SchedulerName } from '../../../../core/deck-schemas';

/** The two schedulers as the deck settings and Settings → Study offer them. */
export const SCHEDULER_CHOICES: { value: SchedulerName; label: string; description: string }[] = [
  {
    value: 'sm2',
    label: 'SM-2 (classic)',
    description:
      'Fixed first steps: Again 1 min, Hard 10 min, Good 1 day, Easy 4 days; then intervals grow with each card’s ease.',
  },
  {
    value: 'fsrs',
    label: 'FSRS (fewer reviews)',
    description:
      'Models your memory of each card and schedules it just before you would forget: fewer reviews for the same retention.',
  },
];

export const schedulerDescription = (value: SchedulerName) =>
  SCHEDULER_CHOICES.find((choice) => choice.value === value)?.description ?? '';
