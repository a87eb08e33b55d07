// issue 25: the account-recovery and e-mail-verification calls of the public pages (docs/api-contract.md "Accounts and
// mail (issue 25)"): forgot → a link by e-mail, the link's reset page, the e-mail verification link.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ForgotPasswordAnswer {
  result: 'SENT';
  /** The demo's inbox is public: the page links to it (issue 25 "sandbox address"). */
  sandboxInbox?: boolean;
}

export interface ResetLink {
  /** Masked, e.g. "c•••@demo.test". */
  email: string;
  expiresAt: string;
}

export interface ResetPasswordBody {
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface VerifyEmailAnswer {
  email: string;
  verified: boolean;
}

export const forgotPassword = (email: string) => api.post<ForgotPasswordAnswer>('/password/forgot', { email });
export const getResetLink = (token: string) => api.get<ResetLink>(`/password/reset/${encodeURIComponent(token)}`);
export const resetPassword = (body: ResetPasswordBody) => api.post<{ access_token: string }>('/password/reset', body);
export const verifyEmail = (token: string) => api.post<VerifyEmailAnswer>('/email/verify', { token });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export const recoveryKeys = {
  resetLink: (token: string) => ['password_reset_link', token] as const,
  verification: (token: string) => ['email_verification', token] as const,
};

/** The link's account and expiry; a dead link answers 410 at once (no retry: it will not come back). */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: recoveryKeys.resetLink(token),
    queryFn: () => getResetLink(token),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * The link's verification, sent once per token: as a query it is shared by StrictMode's second mount and never sent
 * again by a focus or a remount (a used link answers 410, which would hide the success already shown).
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: recoveryKeys.verification(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
