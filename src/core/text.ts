/** Small wording helpers shared by the server and the web app (pure). */

/** '1 card', '2 cards', '0 cards'; irregular plurals are passed in ('1 entry', '2 entries'). */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A study time from seconds: 'Less than a minute' below 60 s, else whole minutes, rounded. */
export function studyTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 60) return 'Less than a minute';
  return pluralise(Math.round(seconds / 60), 'minute');
}
