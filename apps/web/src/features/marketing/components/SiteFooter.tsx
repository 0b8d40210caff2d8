import { APP_NAME } from '@wavecast/shared';
import { Link } from 'react-router';

const GROUPS = [
  {
    title: 'Wavecast',
    links: [
      ['About', '/about'],
      ['How It Works', '/how-it-works'],
      ['Pricing', '/pricing'],
    ],
  },
  {
    title: 'Support',
    links: [
      ['Help Center', '/support/help'],
      ['FAQ', '/support/faq'],
      ['Contact Us', '/support/contact'],
      ['Community Guidelines', '/support/guidelines'],
    ],
  },
  {
    title: 'Legal',
    links: [
      ['Terms of Service', '/legal/terms'],
      ['Privacy Policy', '/legal/privacy'],
      ['Cookie Policy', '/legal/cookies'],
      ['Copyright Policy', '/legal/copyright'],
    ],
  },
] as const;

/**
 * Links to the public pages (about, pricing, support, legal). Meant for MainLayout, inside <main>
 * after the page outlet, so main's bottom padding keeps it clear of the mobile bar and player bar.
 */
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-border pt-8 text-sm">
      <nav aria-label="Footer" className="grid grid-cols-2 gap-6 sm:grid-cols-3">
        {GROUPS.map((g) => (
          <div key={g.title}>
            <p className="mb-2 font-semibold">{g.title}</p>
            <ul className="space-y-1.5">
              {g.links.map(([label, to]) => (
                <li key={to}>
                  <Link to={to} className="text-muted hover:text-fg">
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <p className="mt-8 text-muted">
        © {new Date().getFullYear()} {APP_NAME}
      </p>
    </footer>
  );
}
