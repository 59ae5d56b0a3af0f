/**
 * The app's background colour in each theme (src/web/index.css's --background, as hex): the
 * browser's and the installed app's theme colour (web app manifest, <meta name="theme-color">).
 */
export const THEME_COLORS = { light: '#fafafd', dark: '#0b0c16' } as const;
