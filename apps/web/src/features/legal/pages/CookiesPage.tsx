import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const COOKIES = [
  {
    name: 'better-auth.session_token',
    purpose: 'Keeps you signed in. Set when you log in and removed when you sign out.',
    duration: 'Until you close the browser, or up to 30 days with Remember me',
  },
  {
    name: 'better-auth.dont_remember',
    purpose: 'Set only when you log in without Remember me, so your session ends with the browser.',
    duration: 'Until you close the browser',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'what',
    heading: 'What cookies are',
    content: (
      <p>
        Cookies are small text files a website stores in your browser. They can be used to keep you signed in — or to
        track you across the web. We only do the first.
      </p>
    ),
  },
  {
    id: 'ours',
    heading: 'The cookies we use',
    content: (
      <>
        <p>
          Wavecast uses session cookies only. They are strictly necessary, first-party, HttpOnly (scripts cannot read
          them) and SameSite=Lax (they are not sent with requests started by other sites). On secure connections their
          names start with <code>__Secure-</code>.
        </p>
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[30rem] text-left text-sm">
            <caption className="sr-only">Cookies set by Wavecast</caption>
            <thead className="bg-surface-2 text-muted">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Cookie
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {COOKIES.map((c) => (
                <tr key={c.name}>
                  <th scope="row" className="px-4 py-3 align-top font-mono text-xs font-normal break-all">
                    {c.name}
                  </th>
                  <td className="px-4 py-3 align-top">{c.purpose}</td>
                  <td className="px-4 py-3 align-top">{c.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'not-used',
    heading: 'What we do not use',
    content: (
      <p>
        No analytics cookies, no advertising cookies, no social-media pixels and no third-party trackers. Nothing on
        Wavecast follows you to other websites. Because we only use strictly necessary cookies, we do not show a cookie
        banner.
      </p>
    ),
  },
  {
    id: 'local-storage',
    heading: 'Browser storage',
    content: (
      <p>
        To restore your player after a reload, Wavecast keeps your current track, position, queue, volume and playback
        speed in your browser’s local storage. This stays on your device and is not used for tracking. Clearing your
        browser data removes it.
      </p>
    ),
  },
  {
    id: 'control',
    heading: 'Managing cookies',
    content: (
      <p>
        You can delete or block cookies in your browser’s settings. If you block the session cookie, you can still
        listen to public audio, but you will not be able to sign in.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Questions',
    content: (
      <p>
        See our <Link to="/legal/privacy">Privacy Policy</Link> or <Link to="/support/contact">contact us</Link>.
      </p>
    ),
  },
];

/** /legal/cookies */
export default function CookiesPage() {
  return (
    <LegalDocument
      slug="cookies"
      intro={<p>Wavecast uses cookies for one thing only: keeping you signed in.</p>}
      sections={SECTIONS}
    />
  );
}
