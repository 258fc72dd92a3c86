// Types for build-freshness.mjs, which stays JavaScript: `npm start` runs it before any build.
export const SERVER_BUNDLE: string;
export const BUILD_SOURCES: readonly string[];
export function needsBuild(builtAt: number | undefined, changedAt: number | undefined): boolean;
export function modifiedAt(file: string): number | undefined;
export function newestChange(root: string, entries?: readonly string[]): number | undefined;
