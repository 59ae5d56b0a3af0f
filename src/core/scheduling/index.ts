/** Spaced repetition, pure: SM-2 and FSRS scheduling, session queues, study days, statistics. */
export * from './card-status';
export * from './daily-limits';
export * from './due';
export * from './fsrs';
export * from './queue';
export * from './scheduler';
export * from './session-queue';
export * from './sm2';
export * from './stats';
export * from './time';
export * from './tuning';
export * from './types';
