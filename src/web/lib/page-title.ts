import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const APP_NAME = 'Mnemo';

/** 'Spanish verbs — Mnemo'; the landing page (no title of its own) is just 'Mnemo'. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${APP_NAME}` : APP_NAME;
}

/** Sets this page's document.title (WCAG 2.4.2: each page says what it is). */
export function usePageTitle(title?: string): void {
  const text = pageTitle(title);
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** How long a page may take to show its main heading (loading a deck, say). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side navigation (a new path; not the first load, not a query change), moves
 * focus to the new page's main heading, as a full page load would start a screen reader there:
 * its h1 gets tabIndex=-1 and focus. A page still loading gets it when the h1 appears. Focus a
 * page gave to a field of its own (autoFocus) is left alone.
 */
export function useFocusHeadingOnNavigate(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    const focusHeading = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) {
        // The page focused something itself (or the heading is already focused).
        return true;
      }
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
