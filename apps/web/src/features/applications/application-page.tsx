// Placeholder (issue 11): replaced by the screen's real implementation.
export function ApplicationPage() {
  return null;
}
