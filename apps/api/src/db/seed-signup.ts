// Issue 11 demo data: onboarding pages (with and without auto-approval) and an integration customer. Placeholder.
import type { AppContext } from '../app.ts';

export async function seedDemoSignup(_ctx: AppContext, _today: Date): Promise<void> {}
