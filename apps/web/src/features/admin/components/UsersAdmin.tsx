import { pluralize, ROLES, type Role, type TAdminUser, timeAgo, USER_MESSAGES } from '@wavecast/shared';
import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { DataTable } from '../../../components/ui/DataTable';
import { Select } from '../../../components/ui/Select';
import { toast } from '../../../lib/toast';
import { useSession } from '../../auth/session';
import { type UserStatus, useAdminUsers, useChangeRole } from '../queries';
import { AdminUserPage } from './AdminUserPage';
import { UserActions } from './UserActions';

export const ROLE_LABEL: Record<Role, string> = {
  listener: 'Listener',
  creator: 'Creator',
  affiliate: 'Affiliate',
  advertiser: 'Advertiser',
  admin: 'Admin',
};

function UserRow({ u, isSelf }: { u: TAdminUser; isSelf: boolean }) {
  const change = useChangeRole();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="admin-user">
      <Avatar src={u.avatarUrl} name={u.displayName} email={u.email} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="hover:underline">
            {u.displayName || '—'}
          </Link>
          {u.suspendedAt && (
            <span className="ml-2 rounded-full bg-error/15 px-2 py-0.5 text-xs text-error">Suspended</span>
          )}
        </p>
        <p className="truncate text-sm text-muted">{u.email}</p>
      </div>
      <span className="text-xs text-muted">joined {timeAgo(u.createdAt)}</span>
      <label className="sr-only" htmlFor={`role-${u.id}`}>
        Role of {u.displayName || u.email}
      </label>
      <Select
        size="xs"
        id={`role-${u.id}`}
        value={u.role}
        disabled={change.isPending || isSelf}
        title={isSelf ? USER_MESSAGES.cannotDemoteSelf : undefined}
        onChange={(e) =>
          change.mutate(
            { id: u.id, role: e.target.value as Role },
            {
              onSuccess: () => toast.success(USER_MESSAGES.roleUpdated),
              onError: (err) => toast.error(err.message),
            },
          )
        }
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABEL[r]}
          </option>
        ))}
      </Select>
      <UserActions u={u} isSelf={isSelf} />
    </li>
  );
}

/** Admin tab: find users (by name or e-mail, role and status), change their role, suspend, restore, delete. */
export function UsersAdmin() {
  return (
    <Routes>
      <Route index element={<UserList />} />
      <Route path=":id" element={<AdminUserPage />} />
    </Routes>
  );
}

function UserList() {
  const { user } = useSession();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const deferredQ = useDeferredValue(q);
  const query = useAdminUsers({ q: deferredQ, role, status });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="admin-users-title">
      <h2 id="admin-users-title" className="mb-4 text-xl font-semibold">
        Users
      </h2>
      <div className="mb-4 flex flex-wrap gap-3">
        <div className="relative min-w-56 flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Search users by name or email"
            placeholder="Search by name or email"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className="h-10 w-full rounded-lg border border-border bg-bg pr-3 pl-9 text-sm focus:border-primary focus:outline-none"
          />
        </div>
        <Select
          size="sm"
          aria-label="Filter by role"
          value={role}
          onChange={(e) => setRole(e.target.value as Role | '')}
        >
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </Select>
        <Select
          size="sm"
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value as UserStatus | '')}
        >
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </Select>
      </div>
      <DataTable query={query} items={items} errorText="Could not load users." empty="No users found.">
        {(rows) => (
          <div className="rounded-card border border-border bg-surface px-4">
            <p className="border-b border-border py-2 text-sm text-muted">{pluralize(total, 'user')}</p>
            <ul className="divide-y divide-border">
              {rows.map((u) => (
                <UserRow key={u.id} u={u} isSelf={u.id === user?.id} />
              ))}
            </ul>
          </div>
        )}
      </DataTable>
    </section>
  );
}
