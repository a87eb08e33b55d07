import type { SaveListAnswer, SaveListBody } from '@portal/domain/autopay-shapes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { AUTOPAY_MUTATION_KEY } from './refresh';

// spec 2 §7: POST /savelist with billing accounts, charges and requireAutoPay false (the add-charges section)
export const saveList = (body: SaveListBody) => api.post<SaveListAnswer>('/savelist', body);

export function useSaveList() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: AUTOPAY_MUTATION_KEY,
    mutationFn: saveList,
    onSuccess: () => qc.invalidateQueries({ queryKey: leaseKeys.all }),
  });
}
