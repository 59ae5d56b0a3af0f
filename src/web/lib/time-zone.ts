/** The browser's IANA time zone: study days and daily limits follow the user's own clock. */
export const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
