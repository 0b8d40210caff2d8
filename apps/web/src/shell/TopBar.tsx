import { SEARCH_PLACEHOLDER } from '@wavecast/shared';
import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ButtonLink } from '../components/ui/Button';
import { Logo } from '../components/ui/Logo';
import { useSession } from '../features/auth/session';
import { NotificationBell } from '../features/notifications/components/NotificationBell';
import { cn } from '../lib/cn';
import { UserMenu } from './UserMenu';

/** Top bar: search, and Log in / Sign up or the signed-in user's bell and menu. */
export function TopBar() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
  };

  return (
    <header
      data-testid="top-bar"
      data-scrolled={scrolled}
      className={cn(
        'sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-border bg-bg/90 px-3 backdrop-blur transition-shadow sm:gap-4 sm:px-4 md:px-8',
        scrolled && 'shadow-lg shadow-black/40',
      )}
    >
      <div className="md:hidden">
        <Logo nameClassName="max-[369px]:sr-only" />
      </div>
      {/* Phones get a search button (the search page has its own box): a box this narrow would cut
          the placeholder to a few letters. */}
      <search className="hidden max-w-xl flex-1 sm:block">
        <form onSubmit={submit} className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
            aria-hidden
          />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label="Search"
            className="h-10 w-full rounded-full border border-border bg-surface pr-4 pl-9 text-sm placeholder:text-muted focus:border-primary focus:outline-none"
          />
        </form>
      </search>
      <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
        <Link
          to="/search"
          aria-label="Search"
          className="grid size-9 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg sm:hidden"
        >
          <Search className="size-5" aria-hidden />
        </Link>
        {user ? (
          <>
            <NotificationBell />
            <UserMenu />
          </>
        ) : (
          <>
            <ButtonLink to="/login" variant="ghost" size="sm" className="whitespace-nowrap">
              Log in
            </ButtonLink>
            <ButtonLink to="/signup" size="sm" className="whitespace-nowrap">
              Sign up
            </ButtonLink>
          </>
        )}
      </div>
    </header>
  );
}
