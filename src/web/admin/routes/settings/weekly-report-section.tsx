// The weekly report by e-mail (issue 17), each admin's own choice: on Mondays at 08:00 (UK time)
// last week's visitors, enquiries, bookings by source, next events and what needs attention.
import { CalendarClock, Send } from 'lucide-react';
import { toast } from 'sonner';
import { WEEKLY_REPORT } from '#shared/constants.ts';
import { NOT_DELIVERED } from '#shared/mail-delivery.ts';
import { Switch } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import {
  useSendWeeklyReportPreview,
  useSetWeeklyReport,
  useWeeklyReportSetting,
} from '../../api/weekly-report.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { SettingsSection } from './section.tsx';

const DUE = `Mondays at ${String(WEEKLY_REPORT.hour).padStart(2, '0')}:00 (UK time)`;

export function WeeklyReportSection({ myEmail }: { myEmail: string | undefined }) {
  const setting = useWeeklyReportSetting();
  const change = useSetWeeklyReport();
  const preview = useSendWeeklyReportPreview();

  function toggle(enabled: boolean) {
    change.mutate(enabled, {
      onSuccess: () =>
        toast.success(enabled ? `You will get the weekly report ${DUE}` : 'Weekly report turned off'),
      onError: (error) => toast.error(errorMessage(error, 'The setting could not be saved')),
    });
  }

  function sendPreview() {
    preview.mutate(undefined, {
      // Saved as a file is not sent: a warning, never the green "sent" (issue 28). A mail server that
      // failed is an answer too (200, like the test e-mail), said as the error it is.
      onSuccess: (result) => {
        if (result.outcome === 'failed')
          toast.error('The preview could not be sent', { description: result.detail });
        else if (result.outcome === 'saved') toast.warning(NOT_DELIVERED, { description: result.detail });
        else toast.success(`Preview sent to ${result.sent_to}`, { description: result.detail });
      },
      onError: (error) => toast.error(errorMessage(error, 'The preview could not be sent')),
    });
  }

  return (
    <SettingsSection
      id="settings-weekly-report"
      title="Weekly report"
      icon={CalendarClock}
      description={`An e-mail ${DUE} with the last 7 days: visitors, enquiries and bookings by source, the sections visitors liked, your next events, and anything that needs you.`}
    >
      <QueryStatus query={setting} error="Failed to load the weekly report setting">
        {({ enabled }) => (
          <div className="space-y-5">
            <div className="flex items-center justify-between gap-4">
              <p className="text-ink-900">
                E-mail me the weekly report
                {myEmail && (
                  <span className="block text-sm text-ink-600 [overflow-wrap:anywhere]">to {myEmail}</span>
                )}
              </p>
              <Switch
                checked={change.isPending ? (change.variables ?? enabled) : enabled}
                onCheckedChange={toggle}
                label="E-mail me the weekly report"
                disabled={change.isPending}
              />
            </div>
            <div className="border-t border-ink-200 pt-5">
              <Button variant="secondary" onClick={sendPreview} disabled={preview.isPending}>
                <Send className="size-4" aria-hidden="true" />
                {preview.isPending ? 'Sending…' : 'Send me a preview now'}
              </Button>
            </div>
          </div>
        )}
      </QueryStatus>
    </SettingsSection>
  );
}
