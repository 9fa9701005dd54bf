import { toast } from 'sonner';

/** The enquiry screen's failures: one toast titled 'Error' (SPEC §8). */
export const errorToast = (description: string) => toast.error('Error', { description });
