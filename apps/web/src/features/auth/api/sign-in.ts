// spec 1 §7 Auth: GET /authorize with a basic-auth header answers { access_token }.
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { SignInValues } from '../forms/sign-in-schema';

export const signIn = (values: SignInValues) => request<{ access_token: string }>('/authorize', { basicAuth: values });

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
