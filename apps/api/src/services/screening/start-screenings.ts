// Issue 11: the screenings a submitted application asks for (credit, background, income verification), through the
// screening provider. Placeholder until the screening slice lands: the contract is the signature.
import type { AppContext } from '../../app.ts';

/**
 * Creates the application's screening rows (one per enabled kind) and asks the provider for each; never throws for a
 * provider failure (the row stays PENDING and the job retries it). Called after the submit's commit.
 */
export async function startScreenings(_ctx: AppContext, _applicationId: string): Promise<void> {}
