/** A full page load (used when the session switches between tenant and admin, so no cached state survives). */
export function hardNavigate(path: string): void {
  window.location.assign(path);
}
