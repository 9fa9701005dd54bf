import { toast } from 'sonner';

/** The enquiry screen's failures: one toast titled 'Error'. */
export const errorToast = (description: string) => toast.error('Error', { description });
