import type { OnBoardingPage } from '@portal/domain/api-shapes';
import type { OriginType } from '@portal/domain/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getApplicationPage } from '../../../api/applications/get-application-page';
import { signupPageKeys } from '../../../api/query-keys';
import type { ApplicationPage } from '../../../api/types';
import { api } from '../../../lib/api-client';

export const getOnboardingPage = (name: string) => api.get<OnBoardingPage>(`/on_boarding_page/name/${encodeURIComponent(name)}`);

export const onboardingPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: signupPageKeys.detail(`onboarding:${name}`),
    queryFn: () => getOnboardingPage(name),
    staleTime: 60_000,
  });

export function useOnboardingPage(name: string | null | undefined, enabled = true) {
  return useQuery({ ...onboardingPageQueryOptions(name ?? ''), enabled: enabled && !!name });
}

/** The page an origin names, as the sign-up page shows it (company name, country); app/preload-data.ts fetches it too. */
export const signupPageQueryOptions = (name: string, origin: OriginType) =>
  queryOptions({
    queryKey: signupPageKeys.detail(`${origin}:${name}`),
    queryFn: (): Promise<ApplicationPage | OnBoardingPage> =>
      origin === 'TYPE_ON_BOARDING_PAGE' ? getOnboardingPage(name) : getApplicationPage(name),
    staleTime: 60_000,
  });

export function useSignupPage(name: string, origin: OriginType) {
  return useQuery({ ...signupPageQueryOptions(name, origin), enabled: !!name });
}
