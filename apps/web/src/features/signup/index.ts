// The sign-up feature's public entry (issue 21 §3): the dashboard's popups for a tenant who came from a sign-up page.
// Other features import this file only, never a module inside the feature.
export { loadOriginPopups } from './load-origin-popups';
