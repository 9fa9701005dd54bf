// Admin Users (docs/product.md#users-screen): the accounts as cards, a toggled create form, delete with a
// browser confirmation; banners above the list, one message per outcome (no toast beside them).
import { zodResolver } from '@hookform/resolvers/zod';
import { Shield, ShieldCheck, Trash2, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ROLE_CHOICE_HINT } from '#shared/admin-roles.ts';
import { MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from '#shared/constants.ts';
import { createAdminRequest, type AdminUser, type CreateAdminRequest } from '#shared/schemas/accounts.ts';
import type { InvitationResult } from '#shared/schemas/invitation.ts';
import { Banner, Card, EmptyState, Loading, PageHeader } from '../../components/admin-ui.tsx';
import { Button } from '../../components/button.tsx';
import { SelectField, TextField } from '../../components/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useAdminUsers } from '../api/admin-users.ts';
import { useCreateAdminUser } from '../api/create-admin-user.ts';
import { useDeleteAdminUser } from '../api/delete-admin-user.ts';
import { useMe } from '../api/me.ts';
import { SubmitOrCancel } from '../components/submit-or-cancel.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { SCREEN_TITLES } from '../screen-titles.ts';

type UserForm = z.input<typeof createAdminRequest>;
const EMPTY: UserForm = { username: '', email: '', password: '', role: 'admin' };

/** The server's schema says "must be at least 3 characters"; on the form it reads "Username must be…". */
const sentence = (label: string, message: string | undefined) =>
  message && /^[a-z]/.test(message) ? `${label} ${message}` : message;

type Notice = { kind: 'error' | 'success' | 'warning' | 'info'; text: string } | null;

/** What happened to the new admin's invitation e-mail (issue 28): only a real send is not a warning. */
const invitationNotice = (invitation: InvitationResult): Notice => ({
  kind: invitation.outcome === 'sent' ? 'info' : 'warning',
  text: invitation.message,
});

function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return role === 'superadmin' ? (
    <span className="inline-flex items-center rounded-full bg-danger-600 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-white uppercase">
      Superadmin
    </span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-ink-100 px-2.5 py-0.5 text-xs font-semibold tracking-wide text-ink-800 uppercase">
      Admin
    </span>
  );
}

function UserCard({
  user,
  isSelf,
  deleting,
  onDelete,
}: {
  user: AdminUser;
  isSelf: boolean;
  deleting: boolean;
  /** Absent when the server would refuse the deletion: the button is not offered at all. */
  onDelete?: () => void;
}) {
  const superadmin = user.role === 'superadmin';
  const Icon = superadmin ? ShieldCheck : Shield;
  return (
    <li>
      <Card className="flex items-center gap-3 sm:gap-4">
        <span
          className={`flex size-12 shrink-0 items-center justify-center rounded-full ${
            superadmin ? 'bg-red-50 text-danger-600' : 'bg-ink-100 text-ink-700'
          }`}
        >
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-ink-900">{user.username}</span>
            <RoleBadge role={user.role} />
            {isSelf && <span className="text-sm text-ink-600">(you)</span>}
          </p>
          <p className="mt-0.5 break-words text-ink-600">{user.email}</p>
          {user.force_password_change && (
            <p className="mt-1 text-sm text-ink-600">Must change the password at next login</p>
          )}
        </div>
        {onDelete && (
          <Button
            variant="danger"
            onClick={onDelete}
            disabled={deleting}
            aria-label={`Delete ${user.username}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Delete</span>
          </Button>
        )}
      </Card>
    </li>
  );
}

/**
 * Nobody deletes their own account and only a superadmin deletes a superadmin (docs/product.md#roles; the
 * last superadmin is always someone's own account or protected by that rule). The server enforces
 * both; the screen does not offer what it would refuse (issue 16).
 */
export const canDelete = (me: { id: number; role: string }, user: AdminUser) =>
  me.id !== user.id && (me.role === 'superadmin' || user.role !== 'superadmin');

/** Closing the form (Cancel, or the header's button) drops what was typed: it opens empty again. */
function CreateUserForm({
  onNotice,
  onClose,
}: {
  onNotice: (notice: Notice, invitation?: Notice) => void;
  onClose: () => void;
}) {
  const createUser = useCreateAdminUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UserForm, unknown, CreateAdminRequest>({
    resolver: zodResolver(createAdminRequest),
    defaultValues: EMPTY,
  });

  const onCreate = handleSubmit(async (values) => {
    try {
      const { admin, invitation } = await createUser.mutateAsync(values);
      const text = `Admin user '${admin.username}' created successfully`;
      onNotice({ kind: 'success', text }, invitationNotice(invitation));
      onClose();
    } catch (caught) {
      onNotice({ kind: 'error', text: errorMessage(caught, 'Failed to create admin user') });
    }
  });

  return (
    <Card className="mb-6">
      <h2 className="font-display text-xl font-semibold tracking-wide text-ink-900 uppercase">
        Create New Admin User
      </h2>
      <form onSubmit={(event) => void onCreate(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Username"
          autoComplete="off"
          required
          minLength={MIN_USERNAME_LENGTH}
          error={sentence('Username', errors.username?.message)}
          {...register('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          required
          error={sentence('Email', errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          purpose="new"
          label="Password"
          minLength={MIN_PASSWORD_LENGTH}
          hint="The user must change this password on first login. Give it to them yourself: the invitation e-mail never contains it."
          error={sentence('Password', errors.password?.message)}
          {...register('password')}
        />
        <SelectField
          label="Role"
          hint={ROLE_CHOICE_HINT}
          error={sentence('Role', errors.role?.message)}
          {...register('role')}
        >
          <option value="admin">Admin</option>
          <option value="superadmin">Superadmin</option>
        </SelectField>
        <SubmitOrCancel
          label="Create Admin User"
          pendingLabel="Creating…"
          pending={createUser.isPending}
          onCancel={onClose}
          className="flex flex-wrap gap-2 sm:col-span-2"
        />
      </form>
    </Card>
  );
}

export function UsersScreen() {
  const users = useAdminUsers();
  const me = useMe();
  const deleteUser = useDeleteAdminUser();
  const [showForm, setShowForm] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // Creating an account has a second outcome: what happened to the invitation e-mail.
  const [invitation, setInvitation] = useState<Notice>(null);
  const showNotice = (next: Notice, nextInvitation: Notice = null) => {
    setNotice(next);
    setInvitation(nextInvitation);
  };

  const onDelete = async (user: AdminUser) => {
    if (!window.confirm(`Are you sure you want to delete admin user '${user.username}'?`)) return;
    try {
      await deleteUser.mutateAsync(user.id);
      showNotice({ kind: 'success', text: `Admin user '${user.username}' deleted successfully` });
    } catch (caught) {
      showNotice({ kind: 'error', text: errorMessage(caught, 'Failed to delete admin user') });
    }
  };

  return (
    <>
      <PageHeader
        title={SCREEN_TITLES.users}
        subtitle="Manage admin accounts"
        actions={
          // The button toggles the form; while it is open it says so with its × (issue 28).
          <Button
            variant={showForm ? 'secondary' : 'primary'}
            onClick={() => setShowForm((open) => !open)}
            aria-expanded={showForm}
          >
            {showForm ? (
              <>
                <X className="size-5" aria-hidden="true" /> Close form
              </>
            ) : (
              <>
                <UserPlus className="size-5" aria-hidden="true" /> Add Admin User
              </>
            )}
          </Button>
        }
      />

      {showForm && <CreateUserForm onNotice={showNotice} onClose={() => setShowForm(false)} />}

      {users.isError && <Banner kind="error">Failed to load admin users</Banner>}
      {notice && <Banner kind={notice.kind}>{notice.text}</Banner>}
      {invitation && <Banner kind={invitation.kind}>{invitation.text}</Banner>}

      {users.isPending ? (
        <Loading />
      ) : users.data && users.data.length > 0 ? (
        <ul className="space-y-3" aria-label="Admin users">
          {users.data.map((user) => (
            <UserCard
              key={user.id}
              user={user}
              isSelf={me.data?.id === user.id}
              deleting={deleteUser.isPending && deleteUser.variables === user.id}
              onDelete={me.data && canDelete(me.data, user) ? () => void onDelete(user) : undefined}
            />
          ))}
        </ul>
      ) : (
        users.isSuccess && <EmptyState>No admin users found</EmptyState>
      )}
    </>
  );
}
