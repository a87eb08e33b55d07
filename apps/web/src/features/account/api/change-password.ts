import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ChangePasswordBody {
  userId: string;
  password: string;
  newPassword: string;
  confirmNewPassword: string;
}

export interface ChangePasswordAnswer {
  result: string;
}

// spec 1 §7: POST /changepassword {userId, password, newPassword, confirmNewPassword} → result or errorCode
export const changePassword = (body: ChangePasswordBody) => api.post<ChangePasswordAnswer>('/changepassword', body);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
