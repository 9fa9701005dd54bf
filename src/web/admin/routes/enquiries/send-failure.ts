// What Send Pending Notifications says when it could not send everything (issue 28). With no address
// to send enquiries to yet (the server's 409) nothing is broken: it says what to do, in a warning
// rather than a red 'Error', with the way to Settings for whoever may set it. Anything else is the
// screen's usual 'Error' toast.
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSetupStatus } from '../../api/setup-status.ts';
import { ADMIN_PATHS } from '../../paths.ts';
import { errorToast } from './error-toast.ts';

export const NO_ADDRESS_TITLE = 'Set the notification address in Settings first';
const NO_ADDRESS_TITLE_FOR_STAFF = 'A superadmin needs to set the notification address first';

export function useSendFailure(): (error: unknown) => void {
  const navigate = useNavigate();
  const canEdit = useSetupStatus().data?.business_details.can_edit ?? false;
  return (error) => {
    if (!(error instanceof ApiError && error.status === 409)) {
      errorToast(errorMessage(error, 'Failed to send notifications'));
      return;
    }
    toast.warning(canEdit ? NO_ADDRESS_TITLE : NO_ADDRESS_TITLE_FOR_STAFF, {
      description: error.detail,
      action: canEdit
        ? {
            label: 'Open Settings',
            onClick: () => void navigate(`${ADMIN_PATHS.settings}#settings-business`),
          }
        : undefined,
    });
  };
}
