// The mocked api client of the component tests: the real module (ApiError, helpers) with `api` (and, if asked,
// `search`) replaced by vi.fn()s. Use it from a vi.mock factory (a dynamic import: vi.mock is hoisted above imports):
//   vi.mock('<path>/lib/api-client', async (original) => (await import('<path>/test/api-client-mock')).mockApiClient(original));
import { vi } from 'vitest';
import type * as ApiClient from '../lib/api-client';

export async function mockApiClient(
  importOriginal: <T>() => Promise<T>,
  { withSearch = true }: { withSearch?: boolean } = {},
): Promise<typeof ApiClient> {
  const actual = await importOriginal<typeof ApiClient>();
  const api = { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() } as unknown as typeof ApiClient.api;
  return withSearch ? { ...actual, api, search: vi.fn() as unknown as typeof ApiClient.search } : { ...actual, api };
}
