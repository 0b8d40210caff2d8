import { Navigate, NavLink, Route, Routes } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { cn } from '../../../lib/cn';
import { StepUpDialog } from '../components/StepUpDialog';
import { adminTabs } from '../tabs';

/** /admin/*: one tab per admin tool, each at /admin/{id}. */
export default function AdminPage() {
  return (
    <section>
      <PageHeading title="Admin Panel" subtitle="Manage users, messages and the platform." />
      <nav aria-label="Admin sections" className="mb-6 flex flex-wrap gap-2 border-b border-border pb-3">
        {adminTabs.map((t) => (
          <NavLink
            key={t.id}
            to={`/admin/${t.id}`}
            className={({ isActive }) =>
              cn(
                'rounded-full px-4 py-1.5 text-sm font-medium',
                isActive ? 'bg-primary-strong text-white' : 'text-muted hover:bg-surface-2',
              )
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        {adminTabs.map((t) => (
          <Route key={t.id} path={`${t.id}/*`} element={<t.Component />} />
        ))}
        <Route
          index
          element={
            adminTabs[0] ? (
              <Navigate to={adminTabs[0].id} replace />
            ) : (
              <p className="text-muted">Nothing to manage yet.</p>
            )
          }
        />
      </Routes>
      <StepUpDialog />
    </section>
  );
}
