/** Cards from text: the built-in generator and the checks every generated card passes. */
export * from './builtin-generator';
export * from './card-checks';
export * from './grounding';
export * from './passages';
export * from './postprocess';
export * from './text-tools';
