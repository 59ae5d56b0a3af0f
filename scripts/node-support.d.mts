// Types of scripts/node-support.mjs (plain JavaScript, so that it runs on any Node.js from 18 up).
export const PINNED_NODE: string;
export function parseVersion(text: string): [number, number, number] | null;
export function satisfies(version: string, range: string): boolean;
export function unsupportedMessage(what: string, version: string, range: string): string;
export function exitUnlessSupported(what: string, range: string, version?: string): void;
