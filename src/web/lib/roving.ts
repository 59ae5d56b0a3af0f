import type { KeyboardEvent } from 'react';

/**
 * Arrow keys in a radio group or tab list (WAI-ARIA Authoring Practices): the group is one Tab
 * stop (the chosen item has tabIndex 0, the others -1); Left/Up and Right/Down move to the
 * previous and next item, wrapping round, Home and End to the first and last; the item moved to
 * is chosen and focused (a radio is checked, a tab selected, as focus arrives).
 */
export function rovingKeyDown<T>(
  event: KeyboardEvent<HTMLElement>,
  values: readonly T[],
  current: T,
  choose: (value: T) => void,
): void {
  const index = values.indexOf(current);
  const last = values.length - 1;
  const next =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? index >= last
        ? 0
        : index + 1
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? index <= 0
          ? last
          : index - 1
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null;
  if (next === null || values[next] === undefined) return;
  event.preventDefault();
  choose(values[next] as T);
  // The items are the group's radios or tabs, in order; the one chosen takes focus.
  const group = event.currentTarget.closest('[role="radiogroup"], [role="tablist"]');
  const items = group?.querySelectorAll<HTMLElement>('[role="radio"], [role="tab"]');
  items?.[next]?.focus();
}
