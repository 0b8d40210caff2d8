import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    heading: 'In short',
    content: (
      <ul>
        <li>We keep what we need to run Wavecast: your account, profile, uploads and activity on the platform.</li>
        <li>We use one kind of cookie, to keep you signed in. No advertising or analytics trackers.</li>
        <li>We never sell your personal data.</li>
        <li>Your privacy settings are enforced by our servers, and you can delete your account at any time.</li>
      </ul>
    ),
  },
  {
    id: 'what-we-store',
    heading: 'What we store',
    content: (
      <>
        <p>
          <strong>Account.</strong> Your email address and a securely hashed password (we never store the password
          itself). If you sign in with Google or GitHub, the identifier, name and picture that provider shares with us.
          Your active sessions, with the browser and IP address they were created from, so you can stay signed in and we
          can spot misuse.
        </p>
        <p>
          <strong>Profile.</strong> Display name, avatar, bio, website, account type, and your notification and privacy
          settings.
        </p>
        <p>
          <strong>Uploads and broadcasts.</strong> The audio files, covers, titles, descriptions, tags and chapters you
          publish; technical data we derive from them (duration, format, loudness and waveform); recordings of your live
          broadcasts and their chat messages.
        </p>
        <p>
          <strong>Listening and activity.</strong> Listening events (which track was played, when, and by which account
          — or by an anonymous identifier for visitors who are not signed in), playback positions of long tracks, likes,
          follows, comments, playlists and notifications.
        </p>
        <p>
          <strong>Messages to us.</strong> What you send through the contact form, and the emails we send you.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'How we use it',
    content: (
      <ul>
        <li>To provide the service: sign-in, playback, uploads, live broadcasts, playlists and notifications.</li>
        <li>
          To show creators honest figures: plays, followers and listeners, counted without identifying listeners to
          them.
        </li>
        <li>To keep Wavecast safe: rate limits, abuse detection and enforcing our guidelines.</li>
        <li>To answer your messages and send the emails you asked for (such as password resets and notifications).</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    heading: 'Legal bases',
    content: (
      <p>
        Where data-protection law such as the GDPR applies, we process your data to perform our contract with you
        (running your account and the features you use), for our legitimate interests (security, preventing abuse and
        improving the service), to meet legal obligations, and with your consent where we ask for it (for example
        optional emails, which you can switch off in Settings at any time).
      </p>
    ),
  },
  {
    id: 'visibility',
    heading: 'Who can see what',
    content: (
      <>
        <p>
          Your display name, avatar, bio, website, public tracks and public playlists can be seen by others, subject to
          your profile visibility (public, followers only or private). Your email is never shown unless you switch on
          Show email. Private tracks and playlists are visible only to you.
        </p>
        <p>
          Comments and live chat messages are visible to everyone who can see the track or stream. Our administrators
          can access data when needed to run the service, answer your requests and enforce our rules.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    heading: 'Sharing with others',
    content: (
      <p>
        We do not sell or rent personal data. We share it only with service providers that host our servers, store files
        or deliver email for us, under contracts that restrict them to acting on our instructions; with the sign-in
        provider you chose to use; and with authorities when the law requires it.
      </p>
    ),
  },
  {
    id: 'cookies',
    heading: 'Cookies and browser storage',
    content: (
      <p>
        We use cookies for sessions only — to keep you signed in. Your player (current track, queue, volume) is
        remembered in your own browser. See the <Link to="/legal/cookies">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: 'retention',
    heading: 'How long we keep data',
    content: (
      <ul>
        <li>Account, profile, content and activity: until you delete them or your account.</li>
        <li>Sessions: until you sign out, or after 30 days without use.</li>
        <li>Contact messages and email records: up to two years, to follow up on support requests.</li>
        <li>Backups are overwritten on a rolling basis within 30 days.</li>
      </ul>
    ),
  },
  {
    id: 'rights',
    heading: 'Your rights and choices',
    content: (
      <>
        <p>
          You can see and correct your profile and settings in Settings, choose your notifications and privacy options,
          and delete your account (Settings → Security), which removes your profile and personal data.
        </p>
        <p>
          You may also ask for a copy of your data, ask us to restrict or stop certain processing, or complain to your
          data-protection authority. Send requests through the{' '}
          <Link to="/support/contact?category=account">contact form</Link>; we answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    content: (
      <p>
        Passwords are hashed, session cookies are HttpOnly and cannot be read by scripts, connections are encrypted in
        production, and access to personal data is limited to the people who need it. No system is perfect: if we learn
        of a breach that affects you, we will tell you.
      </p>
    ),
  },
  {
    id: 'children',
    heading: 'Children',
    content: (
      <p>
        Wavecast is not for children under 13. If you believe a child has created an account, contact us and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to this policy',
    content: <p>If we make meaningful changes, we will tell you in the app or by email before they apply.</p>,
  },
  {
    id: 'contact',
    heading: 'Contact',
    content: (
      <p>
        Questions about privacy? <Link to="/support/contact?category=account">Contact us</Link>.
      </p>
    ),
  },
];

/** /legal/privacy */
export default function PrivacyPage() {
  return (
    <LegalDocument
      slug="privacy"
      intro={<p>This policy explains what personal data Wavecast keeps, why, and the choices you have.</p>}
      sections={SECTIONS}
    />
  );
}
