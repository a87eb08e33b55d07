// Issue 11 demo data: applications in each status with their screening and income reports. Placeholder.
import type { AppContext } from '../app.ts';

export async function seedDemoApplications(_ctx: AppContext, _today: Date): Promise<void> {}
