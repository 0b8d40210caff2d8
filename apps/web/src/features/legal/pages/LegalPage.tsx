import { ChevronRight, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { LEGAL_DOCUMENTS, LEGAL_UPDATED } from '../documents';

/** /legal: the index of the four legal documents. */
export default function LegalPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeading title="Legal" subtitle="The terms and policies that apply when you use Wavecast." />
      <ul className="space-y-3">
        {LEGAL_DOCUMENTS.map((d) => (
          <li key={d.slug}>
            <Link
              to={`/legal/${d.slug}`}
              className="flex items-center gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 hover:border-primary"
            >
              <FileText className="size-6 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{d.title}</h2>
                <p className="mt-1 text-sm text-muted">{d.description}</p>
              </div>
              <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-muted">
        All documents last updated {LEGAL_UPDATED}. Questions?{' '}
        <Link to="/support/contact" className="text-primary hover:underline">
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
