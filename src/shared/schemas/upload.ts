// POST /api/admin/upload (multipart, the field `file`): where the stored file is served.
import { z } from 'zod';

export const uploadResult = z.object({ success: z.literal(true), file_url: z.string() });
export type UploadResult = z.infer<typeof uploadResult>;
