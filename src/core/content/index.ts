/** Source content for generation: check, cleanup, chunks, strategies and estimates. */
export * from './check';
export * from './chunking';
export * from './estimates';
export * from './scan';
export * from './study-text';
