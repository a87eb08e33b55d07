// spec 2 §4: the initial application fetch waits 500 ms. A module of its own so the web app's first-load data
// (apps/web/src/app/preload-data.ts, in the entry chunk) takes this figure without the rest of applications.ts.
export const INITIAL_APPLICATION_FETCH_DELAY_MS = 500;
