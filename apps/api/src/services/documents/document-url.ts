// Where a stored document is downloaded from (the seed and uploads build it the same way).
export function documentUrl(id: string, customerId: string, name: string): string {
  // spec 1 §2: the name shown is the sixth path segment of the url, decoded.
  return `/api/document/${id}/download/${customerId}/${encodeURIComponent(name)}`;
}
