import { useLayoutEffect, useRef } from 'react';

/** True while the user is typing in a field (shortcuts must not steal their keys). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('[role="dialog"],[role="alertdialog"],[role="menu"]') !== null
  );
}

/** A single-key shortcut (such as '/' or 'n') active while the component is mounted. */
export function useShortcut(key: string, handler: (event: KeyboardEvent) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  // A layout effect: keys work from the first paint (see learn-page.tsx).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== key || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTyping(event.target)) return;
      event.preventDefault();
      latest.current(event);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key]);
}
