import type { OriginType } from '@portal/domain/entities';

// issue 11: ?origin=onboarding|application on the sign-up link (default onboarding)
export const originFromParam = (value: string | null): OriginType =>
  value === 'application' ? 'TYPE_LEASE_APPLICATION_PAGE' : 'TYPE_ON_BOARDING_PAGE';

export const originParam = (origin: OriginType) => (origin === 'TYPE_LEASE_APPLICATION_PAGE' ? 'application' : 'onboarding');
