import type { OriginType } from '@portal/domain/entities';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SignupBody {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  languageCode: 'en' | 'fr';
  pageName: string;
  originType: OriginType;
}

// issue 11: POST /signup (no token) creates the customer and answers a session like /authorize
export const createAccount = (body: SignupBody) => api.post<{ access_token: string }>('/signup', body, { noRefresh: true });

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}

// spec 2 §5: the server's e-mail check answers a type and an exists flag
export const emailExists = (email: string) =>
  api.get<{ type: string; exists: boolean }>('/signup/email_exists', { query: { email }, noRefresh: true });

// issue 11: a signed-in customer following another link gets a session with that page's origin
export const switchOrigin = (body: { pageName: string; originType: OriginType }) =>
  api.post<{ access_token: string }>('/signup/origin', body);
