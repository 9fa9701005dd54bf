// Two-factor login: enrol with a QR code drawn in the browser (the secret never leaves for a third
// party) and a confirmation code, show the recovery codes once, turn it off, or issue new codes.
import { ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TOTP_CODE_LENGTH } from '#shared/constants.ts';
import { twoFactorEnableRequest, type CurrentAdmin } from '#shared/schemas/accounts.ts';
import { Banner, Loading } from '../../../components/admin-ui.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useEnableTwoFactor } from '../../api/two-factor-enable.ts';
import { useSetupTwoFactor, type TwoFactorSetup } from '../../api/two-factor-setup.ts';
import { SubmitOrCancel } from '../../components/submit-or-cancel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { fieldSentence, SettingsSection } from './section.tsx';
import { DisableForm, RegenerateForm, useCodeForCodes, type CodesFormProps } from './two-factor-forms.tsx';

/** Below this many unused recovery codes the page suggests a fresh set. */
const FEW_RECOVERY_CODES = 3;

type Notice = { kind: 'error' | 'success'; text: string } | null;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, TOTP_CODE_LENGTH);

function QrCode({ url }: { url: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // Loaded on demand: only an admin enrolling a phone needs the QR encoder.
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: 'M' }),
      )
      .then((data) => live && setImage(data))
      .catch(() => live && setImage(null));
    return () => {
      live = false;
    };
  }, [url]);
  if (!image) return <Loading label="Drawing the QR code" />;
  return (
    <img
      src={image}
      width={240}
      height={240}
      alt="QR code to scan with your authenticator app"
      className="rounded-lg border border-ink-200 bg-white p-2"
    />
  );
}

function Enrolment({ setup, onCodes, onCancel }: { setup: TwoFactorSetup } & CodesFormProps) {
  const enable = useEnableTwoFactor();
  const { register, errors, error, onSubmit } = useCodeForCodes(
    twoFactorEnableRequest,
    enable.mutateAsync,
    onCodes,
    'Failed to turn on two-factor login',
  );
  const code = register('code');

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-2 pl-5 text-ink-700">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
        </li>
        <li>Scan this QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <QrCode url={setup.otpauth_url} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-semibold text-ink-800">Key for typing in by hand</p>
          <p className="font-mono text-lg break-all text-ink-900 select-all" data-testid="totp-secret">
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </p>
        </div>
      </div>
      {error && <Banner kind="error">{error}</Banner>}
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        className="flex max-w-xl flex-wrap items-end gap-3"
      >
        <TextField
          label="6-digit code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TOTP_CODE_LENGTH}
          className="w-48"
          error={fieldSentence('Code', errors.code?.message)}
          {...code}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            void code.onChange(event);
          }}
        />
        <SubmitOrCancel
          label="Turn on"
          pendingLabel="Checking…"
          pending={enable.isPending}
          onCancel={onCancel}
          className="flex gap-2 pb-0.5"
        />
      </form>
    </div>
  );
}

/** Two-factor login is on: how many recovery codes are left, new codes, or turning it off. */
function TwoFactorOn({
  me,
  onOff,
  onCodes,
}: {
  me: CurrentAdmin;
  onOff: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const [open, setOpen] = useState<'disable' | 'regenerate' | null>(null);
  const few = me.recovery_codes_remaining <= FEW_RECOVERY_CODES;
  return (
    <>
      <p className="flex items-center gap-2 font-semibold text-success-600">
        <ShieldCheck className="size-5" aria-hidden="true" />
        Two-factor login is on
      </p>
      <p className={`mt-1 ${few ? 'font-semibold text-danger-600' : 'text-ink-700'}`}>
        {me.recovery_codes_remaining} unused recovery code{me.recovery_codes_remaining === 1 ? '' : 's'} left
        {few && ' — create new ones soon.'}
      </p>
      {open === null && (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('regenerate')}>
            New recovery codes
          </Button>
          <Button variant="danger" onClick={() => setOpen('disable')}>
            <ShieldOff className="size-5" aria-hidden="true" />
            Turn off
          </Button>
        </div>
      )}
      {open === 'disable' && (
        <DisableForm
          onCancel={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onOff();
          }}
        />
      )}
      {open === 'regenerate' && <RegenerateForm onCancel={() => setOpen(null)} onCodes={onCodes} />}
    </>
  );
}

function TwoFactorOff({ starting, onStart }: { starting: boolean; onStart: () => void }) {
  return (
    <>
      <p className="font-semibold text-ink-800">Two-factor login is off</p>
      <p className="mt-1 text-ink-700">
        With it on, signing in also needs a 6-digit code from an app on your phone, so a stolen password alone
        is not enough.
      </p>
      <Button className="mt-4" onClick={onStart} disabled={starting}>
        <Smartphone className="size-5" aria-hidden="true" />
        {starting ? 'Starting…' : 'Set up two-factor login'}
      </Button>
    </>
  );
}

export function TwoFactorSection({ me }: { me: CurrentAdmin | undefined }) {
  const setup = useSetupTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const begin = async () => {
    setNotice(null);
    try {
      setEnrolment(await setup.mutateAsync());
    } catch (caught) {
      setNotice({ kind: 'error', text: errorMessage(caught, 'Failed to start two-factor setup') });
    }
  };

  const showCodes = (fresh: string[], text: string) => {
    setEnrolment(null);
    setCodes(fresh);
    setNotice({ kind: 'success', text });
  };

  let body;
  if (!me) body = <Loading />;
  else if (codes)
    body = (
      <RecoveryCodesPanel
        codes={codes}
        onDone={() => {
          setCodes(null);
          setNotice(null);
        }}
      />
    );
  else if (enrolment)
    body = (
      <Enrolment
        setup={enrolment}
        onCancel={() => setEnrolment(null)}
        onCodes={(fresh) => showCodes(fresh, 'Two-factor login is on.')}
      />
    );
  else if (me.two_factor_enabled)
    body = (
      <TwoFactorOn
        me={me}
        onOff={() => setNotice({ kind: 'success', text: 'Two-factor login is off.' })}
        onCodes={(fresh) => showCodes(fresh, 'New recovery codes created. The old ones no longer work.')}
      />
    );
  else body = <TwoFactorOff starting={setup.isPending} onStart={() => void begin()} />;

  return (
    <SettingsSection id="settings-2fa" title="Two-factor login" icon={Smartphone}>
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {body}
    </SettingsSection>
  );
}
