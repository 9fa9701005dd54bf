// The mail server (superadmin, issue 28): host, port, security, sign-in and sender, saved over
// PUT /api/admin/mail/settings. The password is never shown: the box stays empty and says whether
// one is saved; leaving it empty keeps it. While SMTP_URL decides, the values are only shown.
import { zodResolver } from '@hookform/resolvers/zod';
import { Server } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  DEFAULT_MAIL_PORTS,
  mailSettingsInput,
  type MailSecurity,
  type MailSettings,
  type MailSettingsField,
  type MailSettingsInput,
  type MailSettingsUpdate,
} from '#shared/schemas/mail-settings.ts';
import { Banner } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useMailSettings, useRemoveMailSettings, useSaveMailSettings } from '../../api/mail-settings.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { fieldSentence } from './section.tsx';

const LABELS: Record<MailSettingsField, string> = {
  host: 'SMTP server',
  port: 'Port',
  security: 'Security',
  username: 'User name',
  password: 'Password',
  from_address: 'Sender address',
};

const SECURITY_CHOICES: readonly [MailSecurity, string][] = [
  ['starttls', 'STARTTLS (usually port 587)'],
  ['tls', 'TLS (usually port 465)'],
  ['none', 'None — not encrypted (port 25, only on a trusted network)'],
];

const EMPTY: MailSettingsInput = {
  host: '',
  port: DEFAULT_MAIL_PORTS.starttls,
  security: 'starttls',
  username: '',
  password: '',
  from_address: '',
};

const toForm = (saved: MailSettings): MailSettingsInput =>
  saved.source === 'settings'
    ? {
        host: saved.host ?? '',
        port: saved.port ?? DEFAULT_MAIL_PORTS.starttls,
        security: saved.security ?? 'starttls',
        username: saved.username ?? '',
        password: '',
        from_address: saved.from_address ?? '',
      }
    : EMPTY;

type Notice = { kind: 'error' | 'success'; text: string } | null;

/** The form, filled from the saved settings; a server complaint about one field shows by it. */
function useMailServerForm(saved: MailSettings) {
  const save = useSaveMailSettings();
  const remove = useRemoveMailSettings();
  const [notice, setNotice] = useState<Notice>(null);
  const form = useForm<MailSettingsInput, unknown, MailSettingsUpdate>({
    resolver: zodResolver(mailSettingsInput),
    defaultValues: toForm(saved),
  });
  const { reset, setError } = form;
  useEffect(() => reset(toForm(saved)), [saved, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await save.mutateAsync(values);
      setNotice({
        kind: 'success',
        text: 'Mail server saved. Send yourself a test e-mail below to check it.',
      });
    } catch (caught) {
      const detail = caught instanceof ApiError ? caught.detail : undefined;
      // The server names the field first ("port: 8080 is not a port …"): put it by the field.
      const named = detail ? /^(\w+):? (.*)$/.exec(detail) : null;
      const field = (Object.keys(LABELS) as MailSettingsField[]).find((key) => key === named?.[1]);
      if (field && named) setError(field, { message: named[2] ?? detail });
      setNotice({ kind: 'error', text: errorMessage(caught, 'The mail server could not be saved') });
    }
  });

  const onRemove = async () => {
    if (
      !window.confirm(
        'Remove the mail server? The website’s e-mail will be saved as files again, and nobody will receive it.',
      )
    )
      return;
    setNotice(null);
    try {
      await remove.mutateAsync(undefined);
      setNotice({ kind: 'success', text: 'Mail server removed. E-mail is saved as files again.' });
    } catch (caught) {
      setNotice({ kind: 'error', text: errorMessage(caught, 'The mail server could not be removed') });
    }
  };

  return { form, onSubmit, onRemove, notice, busy: save.isPending || remove.isPending };
}

type MailServerForm = ReturnType<typeof useMailServerForm>['form'];

/** A change of security moves the port along while it still holds the previous choice's usual port. */
function useFollowingPort(form: MailServerForm) {
  const security = form.watch('security');
  const previous = useRef(security);
  useEffect(() => {
    if (security === previous.current) return;
    if (form.getValues('port') === DEFAULT_MAIL_PORTS[previous.current])
      form.setValue('port', DEFAULT_MAIL_PORTS[security], { shouldDirty: true });
    previous.current = security;
  }, [security, form]);
}

function EditableMailServer({ saved }: { saved: MailSettings }) {
  const { form, onSubmit, onRemove, notice, busy } = useMailServerForm(saved);
  useFollowingPort(form);
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="space-y-4"
      aria-label="Mail server"
    >
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      <MailServerFields form={form} passwordSet={saved.password_set} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save mail server'}
        </Button>
        {saved.source === 'settings' && (
          <Button variant="secondary" onClick={() => void onRemove()} disabled={busy}>
            Remove mail server
          </Button>
        )}
      </div>
    </form>
  );
}

function MailServerFields({ form, passwordSet }: { form: MailServerForm; passwordSet: boolean }) {
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const error = (key: MailSettingsField) => fieldSentence(LABELS[key], errors[key]?.message);
  // Most providers want the sign-in address as the sender: offer it once the user name is one.
  const suggestSender = () => {
    const username = getValues('username') ?? '';
    if (!getValues('from_address') && /^[^@\s]+@[^@\s]+$/.test(username)) setValue('from_address', username);
  };

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={LABELS.host}
        placeholder="smtp.example.com"
        autoComplete="off"
        spellCheck={false}
        hint="From your e-mail provider, e.g. smtp.gmail.com or smtp.office365.com."
        error={error('host')}
        className="sm:col-span-2"
        {...register('host')}
      />
      <SelectField label={LABELS.security} error={error('security')} {...register('security')}>
        {SECURITY_CHOICES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField
        label={LABELS.port}
        type="number"
        inputMode="numeric"
        min={1}
        max={65535}
        error={error('port')}
        {...register('port', { valueAsNumber: true })}
      />
      <TextField
        label={LABELS.username}
        autoComplete="off"
        spellCheck={false}
        hint="Usually your full e-mail address. Leave empty if the server needs no sign-in."
        error={error('username')}
        {...register('username', { onBlur: suggestSender })}
      />
      <TextField
        label={LABELS.password}
        type="password"
        autoComplete="new-password"
        placeholder={passwordSet ? 'Saved — leave empty to keep it' : ''}
        hint={
          passwordSet
            ? 'A password is saved (it is never shown). Type a new one only to change it.'
            : 'Some providers (Gmail, Outlook) want an app password here, not your usual one.'
        }
        error={error('password')}
        {...register('password')}
      />
      <TextField
        label={LABELS.from_address}
        type="email"
        autoComplete="off"
        hint="The address the website's e-mails come from, with your trading name. Most providers need the address you sign in with."
        error={error('from_address')}
        className="sm:col-span-2"
        {...register('from_address')}
      />
    </div>
  );
}

/** While SMTP_URL decides: what it says, read-only, and who can change it. */
function MailServerFromConfiguration({ saved }: { saved: MailSettings }) {
  const rows: [string, string][] = [
    [LABELS.host, saved.host ?? '—'],
    [LABELS.port, saved.port === null ? '—' : String(saved.port)],
    [LABELS.security, saved.security === 'tls' ? 'TLS' : 'As the server decides (STARTTLS when offered)'],
    [LABELS.from_address, saved.from_address ?? '—'],
  ];
  return (
    <div className="space-y-3">
      <Banner kind="info">
        The server's configuration sets the mail server (SMTP_URL), and it wins over anything set here. To
        change it, ask whoever runs the server.
      </Banner>
      <dl className="grid gap-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-ink-800">{label}</dt>
            <dd className="mt-0.5 text-ink-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The superadmin's part of Settings › Mail. */
export function MailServerSettings() {
  const settings = useMailSettings();
  return (
    <div className="space-y-3 border-t border-ink-200 pt-5">
      <h3 className="flex items-center gap-2 font-semibold text-ink-900">
        <Server className="size-4 text-accent-600" aria-hidden="true" />
        Mail server
      </h3>
      <QueryStatus query={settings} error="Failed to load the mail server settings">
        {(saved) =>
          saved.editable ? (
            <EditableMailServer saved={saved} />
          ) : (
            <MailServerFromConfiguration saved={saved} />
          )
        }
      </QueryStatus>
    </div>
  );
}
