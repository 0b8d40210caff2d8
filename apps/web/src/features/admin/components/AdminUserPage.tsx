import { pluralize } from '@wavecast/shared';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/Avatar';
import { Spinner } from '../../../components/ui/Spinner';
import { useSession } from '../../auth/session';
import { ReportsAboutUser } from '../../moderation/components/ReportsAboutUser';
import { useAdminUser } from '../queries';
import { AuditEntryRow } from './AuditEntryRow';
import { UserActions } from './UserActions';
import { ROLE_LABEL } from './UsersAdmin';

/** /admin/users/:id: one account, its tracks, reports against it, its subscription and the audit about it. */
export function AdminUserPage() {
  const { id = '' } = useParams();
  const { user: me } = useSession();
  const query = useAdminUser(id);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="text-error">{query.error.message}</p>;
  const { user: u, tracks, subscription, audit } = query.data;
  return (
    <section aria-labelledby="admin-user-title" className="space-y-6">
      <Link to="/admin/users" className="text-sm text-muted hover:underline">
        ← All users
      </Link>
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={u.avatarUrl} name={u.displayName} email={u.email} />
        <div className="min-w-0 flex-1">
          <h2 id="admin-user-title" className="text-xl font-semibold">
            {u.displayName || u.email}
            {u.suspendedAt && (
              <span className="ml-2 rounded-full bg-error/15 px-2 py-0.5 text-xs text-error">Suspended</span>
            )}
          </h2>
          <p className="text-sm text-muted">
            {u.email} · {ROLE_LABEL[u.role]} · joined {new Date(u.createdAt).toLocaleDateString()}
          </p>
        </div>
        <UserActions u={u} isSelf={u.id === me?.id} afterDelete="/admin/users" />
      </header>

      <div className="rounded-card border border-border bg-surface p-4">
        <h3 className="mb-2 font-semibold">Subscription</h3>
        {subscription ? (
          <p className="text-sm">
            {subscription.planId} · {subscription.status} ({subscription.source})
            {subscription.currentPeriodEnd &&
              ` · until ${new Date(subscription.currentPeriodEnd).toLocaleDateString()}`}
          </p>
        ) : (
          <p className="text-sm text-muted">Free plan.</p>
        )}
      </div>

      <div className="rounded-card border border-border bg-surface p-4">
        <h3 className="mb-2 font-semibold">Tracks ({tracks.length})</h3>
        {tracks.length === 0 ? (
          <p className="text-sm text-muted">No tracks.</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {tracks.map((t) => (
              <li key={t.id} className="flex flex-wrap gap-3 py-2">
                <Link to={`/audio/${t.id}`} className="min-w-0 flex-1 truncate hover:underline">
                  {t.title}
                </Link>
                <span className="text-muted">{t.isPublic ? 'Public' : 'Private'}</span>
                <span className="text-muted">{t.status}</span>
                <span className="text-muted">{pluralize(t.playCount, 'play')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ReportsAboutUser userId={u.id} />

      <div className="rounded-card border border-border bg-surface px-4 pt-4">
        <h3 className="font-semibold">Audit</h3>
        {audit.length === 0 ? (
          <p className="py-3 text-sm text-muted">No admin actions on this account yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {audit.map((e) => (
              <AuditEntryRow key={e.id} e={e} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
