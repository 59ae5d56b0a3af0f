import type { Rating } from '../../../../../core/scheduling';

/** The four answers with their keys (SPEC §2: Again, Hard, Good, Easy). */
export const RATINGS: { rating: Rating; label: string; key: string; tone: string }[] = [
  {
    rating: 'again',
    label: 'Again',
    key: '1',
    tone: 'hover:border-red-500/60 hover:bg-red-500/10',
  },
  {
    rating: 'hard',
    label: 'Hard',
    key: '2',
    tone: 'hover:border-amber-500/60 hover:bg-amber-500/10',
  },
  {
    rating: 'good',
    label: 'Good',
    key: '3',
    tone: 'hover:border-emerald-500/60 hover:bg-emerald-500/10',
  },
  { rating: 'easy', label: 'Easy', key: '4', tone: 'hover:border-sky-500/60 hover:bg-sky-500/10' },
];
