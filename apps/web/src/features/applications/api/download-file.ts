import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

/** spec 2 §7: a report (or other API file) saved under the name its content-disposition header gives. */
export function useDownloadFile() {
  return useMutation({ mutationFn: ({ path, name }: { path: string; name: string }) => downloadFile(path, name) });
}
