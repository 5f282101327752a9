/** The app's version, set by vite.config.ts at build time. */
declare const __RUNWAY_VERSION__: string;
