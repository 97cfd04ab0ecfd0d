"use client";

import { changeUserRole, disableUser, enableUser } from "@/lib/console/settings/actions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { HeadedTable, Td } from "@/components/ui/table";
import { ROLE_LABELS, ROLES, type Role } from "@/lib/console/auth/roles";
import { FormStatus } from "./form-status";
import { SelectField } from "@/components/ui/select-field";
import { ResetPasswordButton } from "./reset-password-button";
import { useFormAction } from "./use-form-action";

export interface UserRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  disabled: boolean;
  /** Offered while a password would let this user sign in (not to SSO-only users when password sign-in is off). */
  canResetPassword: boolean;
  /** The break-glass admin (ADMIN_EMAIL): changed in the server's configuration, not here. */
  breakGlass: boolean;
}

export function UsersTable({ users, currentUserId, emailConfigured }: { users: UserRow[]; currentUserId: string; emailConfigured: boolean }) {
  return (
    // Name and email in one column, so a tablet shows each row's actions whole.
    <HeadedTable caption="Console users" columns={["Name", "Role", "Status", ""]}>
      {users.map((user) => (
        <UserRowView key={user.id} user={user} self={user.id === currentUserId} emailConfigured={emailConfigured} />
      ))}
    </HeadedTable>
  );
}

function UserRowView({ user, self, emailConfigured }: { user: UserRow; self: boolean; emailConfigured: boolean }) {
  return (
    <tr data-testid={`user-${user.email}`}>
      <Td className="max-w-56">
        <span className="font-medium">{user.name}</span>
        {self ? <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">(you)</span> : null}
        <span className="block text-xs break-all text-zinc-600 dark:text-zinc-400">{user.email}</span>
      </Td>
      <Td>
        <RoleForm user={user} locked={self || user.breakGlass} />
      </Td>
      <Td>{user.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>}</Td>
      <Td className="min-w-40">
        {user.breakGlass ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            The break-glass admin: set by ADMIN_EMAIL and ADMIN_PASSWORD on the server, and changed only there.
          </span>
        ) : self ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">Another admin can change your account; your password is on the Account page.</span>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <StatusForm key={String(user.disabled)} user={user} />
            {user.canResetPassword ? <ResetPasswordButton user={user} emailConfigured={emailConfigured} /> : null}
          </div>
        )}
      </Td>
    </tr>
  );
}

/**
 * The role select and its "Change" button. The select is keyed on the stored role so that it shows the
 * role the server has after each refresh, while the form (and its confirmation) stays.
 */
function RoleForm({ user, locked }: { user: UserRow; locked: boolean }) {
  const [result, submit, pending] = useFormAction(changeUserRole);
  return (
    <form action={submit} className="flex flex-col gap-2">
      <input type="hidden" name="userId" value={user.id} />
      <div className="flex items-end gap-2">
        <SelectField key={user.role} label={`Role of ${user.email}`} hideLabel name="role" defaultValue={user.role} disabled={locked}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        {locked ? null : (
          // The name comes from the content, not aria-label: "Change role of …" must not also label the select.
          <Button type="submit" variant="secondary" disabled={pending}>
            {pending ? "Saving…" : "Change"}
            <span className="sr-only"> role of {user.email}</span>
          </Button>
        )}
      </div>
      <FormStatus result={result} success={result?.ok ? `Role changed to ${ROLE_LABELS[result.data.to]}.` : undefined} />
    </form>
  );
}

/** Disable or enable; keyed on the state so a fresh form (and action) follows each change. */
function StatusForm({ user }: { user: UserRow }) {
  const [result, submit, pending] = useFormAction(user.disabled ? enableUser : disableUser);
  const verb = user.disabled ? "Enable" : "Disable";
  return (
    <form action={submit} className="flex flex-col gap-2">
      <input type="hidden" name="userId" value={user.id} />
      <div>
        <Button type="submit" variant="secondary" disabled={pending} aria-label={`${verb} ${user.email}`}>
          {pending ? `${verb.slice(0, -1)}ing…` : verb}
        </Button>
      </div>
      <FormStatus result={result && !result.ok ? result : null} />
    </form>
  );
}
