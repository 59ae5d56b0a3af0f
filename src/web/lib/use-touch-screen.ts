import { useSyncExternalStore } from 'react';

/** A touch screen: the primary pointer is coarse and cannot hover (no keyboard to hint at). */
const QUERY = '(hover: none) and (pointer: coarse)';

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

/** True on touch screens, where keyboard hints ('/', 'Space or Enter') are left out. */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
