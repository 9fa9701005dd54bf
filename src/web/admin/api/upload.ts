// POST /api/admin/upload: multipart with the field `file` (docs/product.md#uploads); answers the stored
// file's URL. The server decides image or video by the file's bytes, never by its name.
import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '#shared/schemas/upload.ts';
import { apiUpload } from '../../lib/api-client.ts';

export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file);
  return apiUpload<UploadResult>('/admin/upload', form, onProgress);
}

export function useUpload(onProgress: (fraction: number) => void) {
  return useMutation({ mutationFn: (file: File) => uploadFile(file, onProgress) });
}
