import { BookOpen, HelpCircle, Mail, Search, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { SupportHours } from '../components/SupportHours';

const CARDS = [
  {
    to: '/support/help',
    icon: BookOpen,
    title: 'Help Center',
    text: 'Step-by-step guides for listening, uploading, going live and your account.',
  },
  { to: '/support/faq', icon: HelpCircle, title: 'FAQ', text: 'Quick answers to the questions we hear most often.' },
  {
    to: '/support/contact',
    icon: Mail,
    title: 'Contact Us',
    text: 'Send our support team a message. We reply by email.',
  },
  {
    to: '/support/guidelines',
    icon: ShieldCheck,
    title: 'Community Guidelines',
    text: 'What is welcome on Wavecast, what is not, and what happens when rules are broken.',
  },
];

/** /support: the support hub. */
export default function SupportPage() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    navigate(query ? `/support/help?q=${encodeURIComponent(query)}` : '/support/help');
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading title="Support Center" subtitle="How can we help you today?" />
      <search className="mb-8 max-w-xl">
        <form onSubmit={onSearch} className="relative">
          <label htmlFor="support-search" className="sr-only">
            Search help articles
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            id="support-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search help articles..."
            className="h-12 w-full rounded-full border border-border bg-surface pr-4 pl-9 placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </form>
      </search>

      <ul className="grid gap-4 sm:grid-cols-2">
        {CARDS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-6 hover:border-primary"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/15 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <div>
                <h2 className="text-lg font-semibold">{title}</h2>
                <p className="mt-1 text-sm text-muted">{text}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-10 max-w-3xl">
        <SupportHours />
      </div>
    </div>
  );
}
